/**
 * BENCHMARKS.md at the repository root: how the bench measures (fixed text below) followed by the
 * latest full run's report. Written by `npm run bench -- --update-benchmarks`.
 */

/** The fixed part of BENCHMARKS.md: what is measured and how. */
export const METHOD = `# Benchmarks

Produced by \`npm run bench -- --update-benchmarks\` (plain \`npm run bench\` prints the same report
and writes it to \`bench/results/\` only). Sizes are deterministic; times depend on the machine and
on what else runs on it, so they are reported here, never gated. The deterministic budgets are
gated in \`npm test\` (see the README section "Benchmarks and quality gates").

## How each figure is taken

- **Bytes**: gzip level 9 and brotli quality 11 (Node's zlib), each file compressed on its own as
  it is served; 1 KB = 1,000 bytes.
- **JavaScript per route** (built \`dist/\`): *eager* = every \`<script src>\`, inline script,
  \`<link rel="modulepreload">\`, and every \`<astro-island>\` hydrated without user action
  (\`client:load\`, \`client:idle\`, \`client:only\`: component, renderer and before-hydration URLs),
  each followed through its static \`import\`s; *all islands* adds \`client:visible\` and
  \`client:media\` islands. Dynamic \`import()\` chunks (the contact form's supabase-js, the call
  engine) load on intent and are in neither. \`client:idle\` counts as eager because it runs without
  any interaction.
- **Widget**: from the script-tag build \`widget/dist/cdn/\`. *After first click* = the JavaScript
  files the browser actually fetched from the widget's origin through the first click (observed in
  the latency run), i.e. loader + engine + daily chunk. *Core* = \`VoiceClient\` + \`createWebCall\`
  from \`widget/src\`, bundled minimally with esbuild, daily-js external. Peers are measured in the
  same run from their npm packages (devDependencies, never runtime ones): \`@vapi-ai/web\` bundled
  minimally with esbuild (\`import Vapi from '@vapi-ai/web'\`, minified, with its own daily-js, and
  with daily-js external), Vapi's \`<vapi-widget>\` script-tag bundle
  (\`@vapi-ai/client-sdk-react/dist/embed/widget.umd.js\`), ElevenLabs'
  \`@elevenlabs/convai-widget-embed/dist/index.js\`, and \`@daily-co/daily-js\` alone (the floor).
  Vapi's older html script tag is served from a GitHub CDN and is not published on npm, so it is not
  measured here.
- **Click → POST /call/web**: Chromium (Playwright) with a fake microphone, permission granted. A
  third-party host page on its own loopback origin loads the built loader with one script tag;
  files are served pre-compressed from memory, like a CDN. Each sample is a fresh browser context
  (cold cache), after one uncounted warm-up per mode. *No prefetch*: load, then click at once (the
  mouse moves onto the button and clicks, as a person does). *Prefetch*: hover, wait until the
  network is quiet (engine and daily-js fetched on intent), then click. Latency = the provider
  fixture's receive time (Node, \`performance.timeOrigin + performance.now()\`) − the click event's
  time (page, \`performance.timeOrigin + event.timeStamp\`), both epoch ms on the same machine.
- **Lighthouse 13** (Node module, one headless Chromium via chrome-launcher; mobile = Lighthouse's
  default emulation and simulated throttling, desktop = its desktop config), on the built site
  served pre-compressed from memory, sequentially. Medians of 3 runs per route and form factor;
  Lighthouse runs last and gets the time left of the 285 s budget, so when the machine is slow
  some targets get fewer runs — the table's *runs* column says how many.
- **Contact backend load**: \`bench/contact-load.ts\`: a fresh embedded backend (PostgreSQL 17 with
  fsync and synchronous_commit on, the same migrations, each insert as PostgREST runs it, no rate
  limit), 1,000 inserts from 50 and then from 200 concurrent clients, then every row is read back
  and checked (missing, duplicated).
- **Build time**: \`npm run build -w widget\` and \`astro build\`, with the browser tests' environment.

## Latest run

`;

/** BENCHMARKS.md for a report rendered by `renderMarkdown` (its "# Bench <date>" title becomes a date line). */
export function benchmarksMarkdown(report: string): string {
  const body = report.replace(/^# Bench ([^\n]*)\n+/, 'Date: $1 (UTC).\n\n').replace(/^## /gm, '### ');
  return METHOD + body + '\n';
}
