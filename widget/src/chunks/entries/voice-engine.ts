/**
 * The voice engine file of the script-tag build (`voice-widget-engine.js`, next to the loader):
 * the core's `VoiceClient` with the daily file as its default call factory, asked of the page's
 * widget loader (`RingwiseVoice.load('daily')`, script-loader.ts: a classic script, no CORS, a
 * failure diagnosed) when a call starts or on `preload()`. Bundlers get
 * `bundled-voice-engine.ts` instead, which brings the adapter with `import()`.
 */
import { VoiceClient as CoreVoiceClient } from '../../core/voice-client.ts';
import type { VoiceClientOptions } from '../../core/voice-options.ts';
import type { VoiceEngine } from '../../conversation/engine-port.ts';
import { lazyDailyFactory } from '../../daily/lazy-factory.ts';
import type { ChunkRegistry } from '../../element/script-loader.ts';

const loadDaily = /* @__PURE__ */ lazyDailyFactory(() => {
  const registry = (globalThis as { RingwiseVoice?: Partial<ChunkRegistry> }).RingwiseVoice;
  return registry?.load
    ? registry.load('daily')
    : Promise.reject(new Error('The widget loader (voice-widget.js) is not on this page.'));
});

/** `VoiceClient` over the daily file, checked against the port the UI codes against. */
export const VoiceClient: VoiceEngine['VoiceClient'] = class extends CoreVoiceClient {
  constructor(options: VoiceClientOptions) {
    super(options, loadDaily);
  }
};

/**
 * The client-side tools dispatcher. Here, not in the card: tools only run during a call, which
 * needs this engine anyway, so chat mode never downloads it.
 */
export { runClientTools } from '../../core/client-tools.ts';
