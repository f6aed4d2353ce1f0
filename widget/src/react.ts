/**
 * `@ringwise/voice-widget/react`: `useVoiceCall`. React is an optional peer dependency of the
 * package; only this entry imports it. The engines are separate chunks imported on the first
 * `preload()`, `start()` or `sendText()`, and daily-js only when a call starts.
 *
 * ```tsx
 * const call = useVoiceCall({ publicKey, target: { assistantId } });
 * <button onClick={() => call.toggle()} onPointerEnter={call.preload}>
 *   {call.phase === 'idle' ? 'Talk to Our Agent' : 'Hang Up'}
 * </button>
 * ```
 */
import type { ChatEngine, VoiceEngine } from './conversation/engine-port.ts';
import { useVoiceCallWithEngine, type UseVoiceCallOptions, type UseVoiceCallResult } from './react/use-voice-call.ts';

/** Options of `useVoiceCall`: `UseVoiceCallOptions`, plus where the voice engine comes from. */
export interface UseVoiceCallHookOptions extends UseVoiceCallOptions {
  /** Where the voice engine comes from. @default the package's own engine chunk (via your bundler) */
  loadEngine?: () => Promise<VoiceEngine>;
}

// The package's engines as chunks of your bundle (only these two: the hook has no card).
const loadBundledEngine = (): Promise<VoiceEngine> => import('./chunks/entries/bundled-voice-engine.ts');
const loadBundledChat = (): Promise<ChatEngine> => import('./chunks/entries/chat-engine.ts');

/**
 * A conversation as React state — a voice call, typed chat, or both: the view (`phase`,
 * `speaking`, `volume`, `muted`, `stage`, `problem`, `conversation`, `chat`, `videoTrack`…) and
 * stable actions (`start`, `stop`, `toggle`, `setMuted`, `resumeAudio`, `preload`, `preloadChat`, `sendText`,
 * `stopReply`, `dismiss`, and towards the live call `send`, `say`, `addMessage`); `clientTools`
 * run the assistant's client-side tools. Safe under StrictMode (one call, never two).
 */
export function useVoiceCall(options: UseVoiceCallHookOptions): UseVoiceCallResult {
  const loadChatEngine = options.loadChatEngine ?? (options.loadEngine ? undefined : loadBundledChat);
  return useVoiceCallWithEngine(options.loadEngine ?? loadBundledEngine, { ...options, loadChatEngine });
}

export { useVoiceCallWithEngine, type UseVoiceCallOptions, type UseVoiceCallResult };
export {
  describeProblem,
  formatDuration,
  stageLabel,
  statusLine,
  type ProblemInfo,
  type StatusLine,
  type StatusTone,
} from './conversation/status.ts';
export {
  IDLE_VIEW,
  START_STAGES,
  type CallPhase,
  type CallProblem,
  type CallView,
  type ChatPhase,
  type Turn,
} from './conversation/view.ts';
export { EN_LABELS, resolveLabels } from './i18n/en.ts';
export { EN_LAUNCHER_LABELS, type VoiceLabels } from './i18n/labels.ts';
export { startNow, type StartNowOptions, type StartOptions } from './core/call-request.ts';
export type { ClientToolHandler, ClientTools, ToolCall, ToolError } from './core/client-tools.ts';
