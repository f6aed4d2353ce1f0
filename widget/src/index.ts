/**
 * `@ringwise/voice-widget`: everything without side effects. The voice and chat clients (core), the
 * tiny request helpers (`createWebCall`, `requestWebCall`, `readWebCall`, `requestChatWeb`),
 * the framework-free view controller, labels, and the element class factory (call
 * `defineVoiceCallElement` yourself, or import `@ringwise/voice-widget/element`, which does).
 * React lives in `@ringwise/voice-widget/react`; the full REST client in `@ringwise/voice-widget/api`.
 */
export * from './core/index.ts';
export {
  createWebCall,
  DEFAULT_API_BASE_URL,
  readWebCall,
  requestChatWeb,
  requestWebCall,
  type ChatWebBody,
  type ChatWebOptions,
  type WebCallOptions,
} from './api/index.ts';
export {
  createVoiceCallElement,
  defineVoiceCallElement,
  ELEMENT_NAME,
  EVENT_PREFIX,
  OPTION_ATTRIBUTES,
  type VoiceCallElement,
  type VoiceCallElementConstructor,
  type WidgetPosition,
} from './element/voice-call-element.ts';
export { EN_LABELS, registerLocale, resolveLabels, type VoiceLabels } from './element/labels.ts';
export {
  hasTarget,
  problemText,
  START_STAGES,
  VoiceCallController,
  type CallPhase,
  type CallProblem,
  type CallView,
  type ProblemKind,
  type TranscriptLine,
  type VoiceCallControllerOptions,
} from './element/controller.ts';
export type {
  ChatClientPort,
  ChatEngine,
  EngineChatOptions,
  EngineClientOptions,
  LoadChatEngine,
  LoadEngine,
  ObservablePort,
  VoiceClientPort,
  VoiceEngine,
} from './element/engine-port.ts';
