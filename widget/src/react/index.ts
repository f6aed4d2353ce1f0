/**
 * `@ringwise/voice-widget/react`: `useVoiceCall`. React is an optional peer dependency of the
 * package; only this entry imports it. The engine (core + API client) is a separate chunk
 * imported on the first `preload()` or `start()`, and daily-js only when a call starts.
 *
 * ```tsx
 * const call = useVoiceCall({ publicKey, target: { assistantId } });
 * <button onClick={() => call.toggle()} onPointerEnter={call.preload}>
 *   {call.phase === 'idle' ? 'Talk to Our Agent' : 'Hang Up'}
 * </button>
 * ```
 */
import type { VoiceEngine } from '../element/engine-port.ts';
import { useVoiceCallWithEngine, type UseVoiceCallOptions, type UseVoiceCallResult } from './use-voice-call.ts';

const loadBundledEngine = () => import('../element/engine.ts') as Promise<VoiceEngine>;

/** Options of `useVoiceCall`: `UseVoiceCallOptions`, plus an optional engine loader. */
export interface UseVoiceCallHookOptions extends UseVoiceCallOptions {
  /** Where the engine comes from. @default the package's own engine chunk (via your bundler) */
  loadEngine?: () => Promise<VoiceEngine>;
}

/**
 * A voice call as React state: the view (`phase`, `speaking`, `volume`, `muted`, `stage`,
 * `problem`, `transcript`…) and stable actions (`start`, `stop`, `toggle`, `setMuted`,
 * `resumeAudio`, `preload`). Safe under StrictMode (one call, never two).
 */
export function useVoiceCall(options: UseVoiceCallHookOptions): UseVoiceCallResult {
  return useVoiceCallWithEngine(options.loadEngine ?? loadBundledEngine, options);
}

export { useVoiceCallWithEngine, type UseVoiceCallOptions, type UseVoiceCallResult };
export { problemText, START_STAGES, type CallPhase, type CallProblem, type CallView, type TranscriptLine } from '../element/controller.ts';
export { EN_LABELS, resolveLabels, type VoiceLabels } from '../element/labels.ts';
