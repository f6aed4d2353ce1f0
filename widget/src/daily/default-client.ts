/**
 * The package's `VoiceClient`: the core's, with the Daily adapter as its default call factory,
 * brought by `import()` (a chunk of your bundle, fetched when a call starts or on `preload()`, so
 * daily-js is never part of the first load). The root and `/core` entries export it, and the
 * bundled voice engine (chunks/entries/bundled-voice-engine.ts) is made of it.
 */
import type { VoiceClientOptions } from '../core/voice-options.ts';
import { VoiceClient as CoreVoiceClient } from '../core/voice-client.ts';
import { lazyDailyFactory } from './lazy-factory.ts';

/**
 * The headless voice client (core/voice-client.ts) whose call engine is Daily's, loaded lazily
 * with `dailyConfig`; `callFactory` replaces it (tests pass a typed fake).
 * @example
 * const client = new VoiceClient({ publicKey });
 * client.on('message', (m) => console.log(m));
 * await client.start({ assistantId });
 */
export class VoiceClient extends CoreVoiceClient {
  /** @param options Public key, API base URL and the optional ports (call factory, fetch, platform). */
  constructor(options: VoiceClientOptions) {
    super(
      options,
      lazyDailyFactory(() => import('./index.ts')),
    );
  }
}
