/**
 * BENCHMARKS.md at the repository root (how the bench measures, fixed text below, followed by the
 * latest full run's report) and the budget table in README.md (between two markers). Both are
 * written by `npm run bench -- --update-benchmarks`.
 */
import { groupVerdicts, verdictCell, type BudgetRow } from './budgets.ts';

/** The fixed part of BENCHMARKS.md: what is measured and how. */
export const METHOD = `# Benchmarks

Produced by \`npm run bench -- --update-benchmarks\`, one command for all of it (it also rewrites
the budget table in the README; plain \`npm run bench\` prints the same report and writes it to
\`bench/results/\` only). A whole run takes under 5 minutes on 2 cores (\`--budget=285\` s):
the latency benches stop starting rounds in time to leave Lighthouse its mobile runs, and desktop
Lighthouse runs only while time is left; \`--only=\` runs parts. Some things always run, whatever
the time: 5 click rounds, 3 chat rounds and 3 mobile Lighthouse runs per route (fewer make no
median worth reading), so on a heavily shared machine a run can take longer; the report gives the
whole run's time and every table its sample count.
Sizes are deterministic; times depend on the machine and on what else runs on it, so they are
reported here, never gated: read the medians. The deterministic budgets are also gated in
\`npm test\` (see the README section "Benchmarks and quality gates").

## How each figure is taken

- **Budgets**: every figure DESIGN.md or an issue budgets has a *budget* and a *met?* column, and
  the report opens with all of them in one table; a miss says by how much (KB and % over, points
  below 100, ms and ratio over the peer's median). Sizes: 1 KB = 1,000 bytes, gzip -9.
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
  the click bench), i.e. loader + engine + daily chunk; *chat through the first message* = the
  same, observed by the chat bench through the first streamed answer. *Core* = \`VoiceClient\` +
  \`createWebCall\` from \`widget/src\`, bundled minimally with esbuild, daily-js external. Peers are
  measured in the same run from their npm packages (devDependencies, never runtime ones):
  \`@vapi-ai/web\` bundled minimally with esbuild (\`import Vapi from '@vapi-ai/web'\`, minified,
  with its own daily-js, and with daily-js external), Vapi's \`<vapi-widget>\` script-tag bundle
  (\`@vapi-ai/client-sdk-react/dist/embed/widget.umd.js\`, the same file in voice and chat mode),
  ElevenLabs' \`@elevenlabs/convai-widget-embed/dist/index.js\`, and \`@daily-co/daily-js\` alone
  (the floor). Vapi's older html script tag is served from a GitHub CDN and is not published on
  npm, so it is not measured here.
- **Click → POST /call/web, beside the peers**: Chromium (Playwright), fake microphone, permission
  granted. Subjects, all on the same third-party host page served from memory pre-compressed like
  a CDN: ours without prefetch (the pointer moves onto the launcher and clicks at once), ours with
  hover prefetch (the pointer rests on the launcher until the network is quiet, then clicks),
  Vapi's \`<vapi-widget>\` (its npm UMD bundle, \`mode="voice" size="tiny"\`, the one configuration
  whose floating button starts the call on the first click), and a minimal \`@vapi-ai/web\` page
  (\`new Vapi(publicKey, apiBaseUrl)\` at load, \`.start(assistantId)\` on the button's click,
  bundled with esbuild). Each sample is a fresh browser context (cold HTTP, module and preflight
  caches); subjects and profiles are interleaved one sample at a time, after one uncounted
  warm-up of each, so the machine's load falls on all alike. Network profiles through the DevTools
  protocol (\`Network.emulateNetworkConditions\` on a CDP session of the page, set before it loads):
  *none* (loopback, no emulation), *fast mobile* (40 ms, 9 Mbps down, 1.5 Mbps up) and *slow
  mobile* (150 ms, 1.6 Mbps down, 750 kbps up). Every subject keeps the platform's default API
  origin (\`https://api.vapi.ai\`, ours and Vapi's alike); a Playwright route answers it from the
  loopback provider fixture (\`route.fetch\` + \`route.fulfill\`), aborts Daily's servers and
  everything else that would leave the machine (the report counts them). The route's pattern
  matches only non-loopback URLs, so Playwright passes the page's own requests (host page,
  scripts) on in its server without a trip through the bench's handler. That matters: in an A/B
  on this machine (ours without prefetch on loopback, 25 interleaved pairs each), a catch-all
  route whose handler continues every request added ~34 ms to the median click → POST, and it
  taxes the subject with more requests on its click path (ours: engine, then POST) more than the
  peers; the narrow pattern added ~4 ms, within the noise. Latency = when the POST reached the route (it has left
  the page's network stack; epoch ms in Node) − the click event (\`performance.timeOrigin +
  event.timeStamp\` in a capturing listener the bench installs before the page's scripts).
  *JS before click* / *JS click → POST* = JavaScript bytes on the wire (DevTools'
  \`encodedDataLength\`: compressed body + headers) of the responses whose last byte arrived before
  the click, or between the click and the POST (a file still arriving when the POST left is in
  neither); median per sample. Ratios are ours ÷ that peer, medians.
- **Click → ready and first visible response, beside the peers** (\`bench/click-join.ts\`, issue 35;
  opt-in: \`npm run bench -- --only=click-join --samples=8\`, part of it with
  \`--join-cells=fast-mobile/0,slow-mobile-phone/400\` and \`--join-subjects=ours,vapi-widget,vapi-web\`;
  a run that does not sample it reports the last run on this machine, dated). What the visitor
  waits for after the click: *ready* = Daily's call machine received daily-js's \`join-meeting\`
  message, the later of (the call machine downloaded and run) and (the page asked to join); *first
  visible response* = the first frame after the press that shows a change the page made. Every
  subject's daily-js (ours 0.92, \`@vapi-ai/web\`'s 0.87, \`<vapi-widget>\`'s 0.84) fetches its call
  machine from \`https://c.daily.co/call-machine/versioned/<version>/static/call-machine-object-bundle.js\`
  with a plain \`<script>\`; Chromium's \`--host-resolver-rules\` sends \`c.daily.co\` to a local https
  stand-in for Daily's CDN (\`bench/lib/cdn-stand-in.ts\`, a self-signed certificate made with
  openssl for the run, \`--ignore-certificate-errors\`), so the bundle crosses the sample's emulated
  network like the real one, and no routing handler sits in its way. The stand-in serves every
  subject the same synthetic bundle (\`bench/lib/call-machine.ts\`, \`--machine-kb\`, default 250 kB
  gzip, seeded pseudo-random code about 3.7 times that size before compression, one function in 8
  run at its start, the rest parsed), whose last statement plays the call machine's side of
  daily-js's handshake just far enough: it takes the call clients waiting in
  \`window._daily.pendings\` and tells the bench, by a console message (no evaluation in the page
  stands in the subject's way), when daily-js posts it \`join-meeting\`. The first visible response
  comes from a probe installed before the page's scripts (\`bench/lib/probe.ts\`): it keeps every
  shadow root as it is attached, records each element's look before the click (box, the computed
  styles that paint, text; the press looks again at what the pointer is on, so its hover look is
  no response), observes mutations of the document and every shadow root from the press, and in
  the next animation frame compares the elements the page changed (and their descendants): an
  element added that renders, a rendered one removed, or one whose look changed is the response,
  timed at that frame (looked at again for 30 frames, as a CSS transition starts from the old
  look). A sample whose page changed nothing visible before its end (ready + 1.5 s) counts as
  *none*, later than any time: the minimal \`@vapi-ai/web\` page's button has no state of its own.
  The provider answers \`POST /call/web\` with a room on a Daily host; Daily's other requests are
  aborted, so the call never connects. Cells: fast and slow mobile with 4× CPU slowdown
  (\`Emulation.setCPUThrottlingRate\`), the provider answering after 0 and after 400 ms, with a
  desktop's and then a phone's user agent (Chrome on Android, where every subject waits its 1 s
  \`mobile-permissions\` pause). Subjects: ours with the script tag's default preload, ours with
  \`data-preload="intent"\`, Vapi's \`<vapi-widget>\` and the minimal \`@vapi-ai/web\` page, as above.
  Each sample is a fresh context; the page loads, the bench waits until its network has been quiet
  for 1 s, then the pointer moves onto the launcher and clicks at once. Also per sample: the
  click's INP (event timing), the long tasks (> 50 ms) between the click and ready (time in them,
  the longest; the call machine's own start left out), when the call machine's first statement ran and how long its start took, and the
  click → first request to Daily's hosts, the end point of runs before issue 35, kept as a column
  for history only. Budgets (issue 35), in every cell: ours' median ready ≤ 0.90× and first visible
  response ≤ 1.00× the faster of the two peers (the lower median in that cell); on fast mobile no
  task over 50 ms from the click to ready (the median sample's longest, the call machine's own
  start left out: it is Daily's one task, the same for every subject; the run of 2026-11-28 01:52
  UTC still counted it, so its longest task on fast mobile is the machine's start, 180–410 ms,
  not ours). Each ratio comes with a
  95 % percentile-bootstrap interval (2,000 resamples of both subjects' samples, seeded); the
  verdict reads the ratio of medians and the interval says whether it lies all within, all over
  or across the budget. The report gives the load average at the start and end of the run: on
  this shared machine single figures move with the other work, and only samples interleaved under
  the same load compare.
- **CORS preflight**: DevTools' network emulation delays responses but not CORS preflights, so a
  preflight would cost the same few loopback microseconds on every profile and hide a round trip a
  phone pays. The bench makes every subject pay the same preflight: none on the wire. Each sample's
  context has a route installed, and with a route Playwright answers every CORS preflight itself
  inside the browser (its Chromium network manager fulfils intercepted \`OPTIONS\` preflights with a
  204, whatever the URL); the chat provider counts the preflights that reach it (0, in the report).
  The POST itself is what is timed. On a real phone network every subject would pay one more round
  trip (40 / 150 ms) before its POST: the same for all, which narrows the ratios but not the gaps.
- **Chat: type + Enter → POST /chat/web → first token painted**: ours (\`data-mode="chat"\`)
  beside Vapi's \`<vapi-widget mode="chat">\`, same host page, profiles, contexts and routing. Each
  sample opens the launcher (pointer, click), waits for the textbox and for a quiet network (a
  person needs seconds to type: what opening loads has loaded), fills in a short message and
  presses Enter. The provider is the shared loopback fixture's streaming \`POST /chat/web\`
  (\`chatWebHandler\`: \`text/event-stream\`, the session id, text deltas at
  \`chat.output[0].content\`, \`[DONE]\`), wired in \`bench/lib/chat-provider.ts\` so the first
  delta is the whole first token, written as soon as the request arrived, and the later ones follow
  every 20 ms; both subjects point at it through their API base URL option
  (\`data-api-base-url\`, \`api-url\`) because a routed answer arrives in one piece and could not
  stream. *→ POST* = the provider's
  receive time − the Enter keydown; *→ first token* = the task right after the first animation
  frame whose DOM (open shadow roots included) holds the first token − the Enter keydown, both in
  the page. Ours runs once the built script-tag files contain the chat route and its launcher
  opens a textbox in chat mode (the warm-up checks); until then its rows say "not built yet".
- **ElevenLabs' embed is not in the latency tables**: its click path waits a fixed 300 ms
  (\`connectionDelay: { default: 300 }\` in \`@elevenlabs/convai-widget-embed\`, awaited after
  \`getUserMedia\` and before its WebSocket opens), so its click → first API request is over 300 ms
  on every profile by construction, and it opens a WebSocket to its own API rather than
  \`POST /call/web\`. Sampling it on three profiles (its 191 KB bundle loads first in every cold
  context) would take about as long as the rest of the latency bench and fit no longer in the
  5-minute run; its bytes are in the widget table.
- **Lighthouse 13** (Node module, one headless Chromium via chrome-launcher; mobile = Lighthouse's
  default emulation and simulated throttling, desktop = its desktop config), on the built site
  served pre-compressed from memory, sequentially, last. Mobile, the budgeted form factor: median
  of 3 runs per route (each run's performance score and LCP are listed too); desktop: 1 run per
  route, for reference. Accessibility, best practices and SEO come from each target's first run
  (they do not vary between runs of one build, and \`npm test\` gates them); later runs measure
  performance only. Mobile runs always run; desktop runs are skipped when the time budget is
  spent (the *runs* column says so). Each run that ran Lighthouse adds its mobile figures to
  \`bench/results/lighthouse-history.json\`, and the report shows the last three bench runs on this
  machine, so a score that dips in one run of three is visible.
- **Contact backend under load**: \`bench/contact-load.ts\` (owned by the backend): a fresh
  embedded backend (PostgreSQL 17 with fsync and synchronous_commit on, the same migrations, each
  insert as PostgREST runs it, no rate limit), 1,000 inserts from 50 and then from 200 concurrent
  clients, then every row is read back and checked (missing, duplicated); inserts/s, p50, p95,
  max, and the durability settings the server ran with (the *fsync* column reads them).
- **Build time**: \`npm run build -w widget\` and \`astro build\`, with the browser tests' environment.

## Latest run

`;

/** BENCHMARKS.md for a report rendered by `renderMarkdown` (its "# Bench <date>" title becomes a date line). */
export function benchmarksMarkdown(report: string): string {
  const body = report
    .replace(/^# Bench ([^\n]*)\n+/, 'Date: $1 (UTC).\n\n')
    .replace(/^### /gm, '#### ')
    .replace(/^## /gm, '### ');
  return METHOD + body + '\n';
}

/** Markers around the generated budget table in README.md. */
export const README_BUDGETS_START = '<!-- bench:budgets (written by `npm run bench -- --update-benchmarks`) -->';
export const README_BUDGETS_END = '<!-- /bench:budgets -->';

/**
 * The README's budget table: one line per budget of DESIGN.md, with the latest run's verdict, and
 * the machine's load average at the run's start (timings on a busy machine read slower; sizes are exact).
 */
export function readmeBudgetTable(
  rows: readonly BudgetRow[],
  date: string,
  load?: readonly number[],
  clickJoinFrom?: string,
): string {
  const busy = load?.length
    ? `, load average ${load[0]!.toFixed(1)} at its start (timings depend on it; sizes do not)`
    : '';
  // The click → ready rows of a run that did not sample them are the last opt-in run's: say which.
  const carried = clickJoinFrom ? `; the click → ready rows: the last \`--only=click-join\` run, ${clickJoinFrom}` : '';
  const out = [
    `Latest run: ${date.slice(0, 10)}${busy}${carried} (details in [BENCHMARKS.md](BENCHMARKS.md)).`,
    '',
    '| budget | met? |',
    '|---|---|',
  ];
  for (const g of groupVerdicts(rows)) out.push(`| ${g.budget} | ${verdictCell(g.verdict)} |`);
  return out.join('\n');
}

/**
 * README.md with the text between the budget markers replaced by the latest table.
 * @throws Error naming the markers when README.md lacks them (nothing is written then).
 */
export function readmeWithBudgets(
  readme: string,
  rows: readonly BudgetRow[],
  date: string,
  load?: readonly number[],
  clickJoinFrom?: string,
): string {
  const start = readme.indexOf(README_BUDGETS_START);
  const end = readme.indexOf(README_BUDGETS_END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(
      `README.md has no budget table markers: put ${README_BUDGETS_START} and ${README_BUDGETS_END} where the table goes`,
    );
  }
  return `${readme.slice(0, start + README_BUDGETS_START.length)}\n${readmeBudgetTable(rows, date, load, clickJoinFrom)}\n${readme.slice(end)}`;
}
