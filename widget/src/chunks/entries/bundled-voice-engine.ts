/**
 * The voice engine of the ESM build (`loadBundledModule('engine')`: a chunk of your bundle, loaded
 * on intent or click): the package's `VoiceClient`, which brings the Daily adapter with `import()`
 * when a call starts or on `preload()`. The script-tag build's engine file is `voice-engine.ts`.
 */
import { VoiceClient as DailyVoiceClient } from '../../daily/default-client.ts';
import type { VoiceEngine } from '../../conversation/engine-port.ts';

/** `VoiceClient`, checked against the port the UI codes against. */
export const VoiceClient: VoiceEngine['VoiceClient'] = DailyVoiceClient;

/** The client-side tools dispatcher (see voice-engine.ts: chat mode never downloads it). */
export { runClientTools } from '../../core/client-tools.ts';
