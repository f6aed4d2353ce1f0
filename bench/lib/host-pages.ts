/**
 * The one third-party host page every latency subject is embedded in, and each subject's embed
 * code as its vendor documents it. Pure strings (unit-tested); the latency benches serve them from
 * memory next to the files they load.
 */

/** Test credentials every subject is configured with (fixture values, not real keys). */
export const BENCH_PUBLIC_KEY = 'pk-bench';
/** Assistant id every subject starts. */
export const BENCH_ASSISTANT_ID = 'asst-bench';

/** The two Vapi peers the benches hold ours against, with their report names, in report order. */
export const VAPI_PEERS = [
  { id: 'vapi-widget', label: 'Vapi <vapi-widget>' },
  { id: 'vapi-web', label: '@vapi-ai/web page' },
] as const;

/** Where the peers' files are served on the host origin. */
export const PEER_FILES = {
  vapiWidget: '/peers/vapi-widget.umd.js',
  vapiWeb: '/peers/vapi-web.js',
} as const;

/** Label of the minimal @vapi-ai/web page's button (the same words as our launcher). */
export const VAPI_WEB_BUTTON = 'Talk to Our Agent';

const escapeAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The host page: a plain third-party article with the subject's embed in `head` and `body`. */
export function hostPage(embed: { head?: string; body?: string }): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>A third-party page</title>
${embed.head ?? ''}</head><body>
<h1>A third-party page</h1>
<p>Some article text a website owner already has, with a voice or chat widget added to it.</p>
${embed.body ?? ''}
</body></html>`;
}

/**
 * Our script tag (the loader next to its chunks), voice or chat mode, always named: the script
 * tag's default is hybrid (a launcher that opens the card), while voice mode starts the call on
 * the launcher's click, which is what the click bench measures. Without `apiBaseUrl` it keeps the
 * default (the platform's public API), as a website owner's tag does; without `preload`, the
 * loader's default warm start.
 */
export function oursEmbed(
  loaderPath: string,
  options: { mode?: 'voice' | 'chat'; apiBaseUrl?: string; preload?: 'idle' | 'intent' | 'none' } = {},
): { body: string } {
  const mode = ` data-mode="${options.mode ?? 'voice'}"`;
  const api = options.apiBaseUrl ? ` data-api-base-url="${escapeAttr(options.apiBaseUrl)}"` : '';
  // Without it, the loader's default (what a website owner who never heard of it gets).
  const preload = options.preload ? ` data-preload="${options.preload}"` : '';
  return {
    body: `<script src="${escapeAttr(loaderPath)}" data-public-key="${BENCH_PUBLIC_KEY}" data-assistant-id="${BENCH_ASSISTANT_ID}"${api}${mode}${preload} async></script>`,
  };
}

/**
 * Vapi's `<vapi-widget>` as its README embeds it (its UMD script in the head, the element in the
 * body). Voice uses `size="tiny"`: the only configuration whose floating button starts the call on
 * the first click (its other sizes open a panel with a second 'Start' button). `apiBaseUrl`, when
 * given, becomes its `api-url` (used by its voice and chat clients alike).
 */
export function vapiWidgetEmbed(mode: 'voice' | 'chat', apiBaseUrl?: string): { head: string; body: string } {
  const size = mode === 'voice' ? ' size="tiny"' : '';
  const api = apiBaseUrl ? ` api-url="${escapeAttr(apiBaseUrl)}"` : '';
  return {
    head: `<script src="${PEER_FILES.vapiWidget}"></script>`,
    body: `<vapi-widget public-key="${BENCH_PUBLIC_KEY}" assistant-id="${BENCH_ASSISTANT_ID}"${api} mode="${mode}"${size}></vapi-widget>`,
  };
}

/**
 * The entry of the minimal @vapi-ai/web page, bundled by the bench with esbuild (minified, ESM,
 * with its daily-js): the SDK is constructed at page load, `start(assistantId)` runs on click.
 * Its configuration comes from the script tag's data attributes.
 */
export const VAPI_WEB_ENTRY = `import Vapi from '@vapi-ai/web';
const script = document.querySelector('script[data-vapi-web]');
const vapi = new Vapi(script.dataset.publicKey, script.dataset.apiBaseUrl);
document.getElementById('talk').addEventListener('click', () => {
  vapi.start(script.dataset.assistantId).catch(() => {});
});
`;

/** The minimal @vapi-ai/web page's button and module script. */
export function vapiWebEmbed(apiBaseUrl: string): { body: string } {
  return {
    body: `<button type="button" id="talk">${VAPI_WEB_BUTTON}</button>
<script type="module" src="${PEER_FILES.vapiWeb}" data-vapi-web data-public-key="${BENCH_PUBLIC_KEY}" data-assistant-id="${BENCH_ASSISTANT_ID}" data-api-base-url="${escapeAttr(apiBaseUrl)}"></script>`,
  };
}
