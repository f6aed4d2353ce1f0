/**
 * The engine entry: what the UI loads on intent or click (`voice-widget-engine.js` next to the
 * script-tag loader, or a bundler chunk in the ESM build). The core in turn loads the daily chunk
 * only when a call starts or `preload()` is called.
 */
import { VoiceClient as CoreVoiceClient } from '../../core/index.ts';
import type { VoiceEngine } from '../../conversation/engine-port.ts';

/** `VoiceClient`, checked against the port the UI codes against. */
export const VoiceClient: VoiceEngine['VoiceClient'] = CoreVoiceClient;

/**
 * The client-side tools dispatcher. Here, not in the card: tools only run during a call, which
 * needs this engine anyway, so chat mode never downloads it.
 */
export { runClientTools } from '../../core/client-tools.ts';
