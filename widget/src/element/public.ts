/**
 * The element layer's public API, side-effect free (the root entry and `/element` re-export it):
 * the element factory, the controller the card and the React hook share, labels, the status
 * helper, and the ports.
 */
export {
  createVoiceCallElement,
  defineVoiceCallElement,
  ELEMENT_NAME,
  EVENT_PREFIX,
  MODES,
  OPTION_ATTRIBUTES,
  POSITIONS,
  type VoiceCallElement,
  type VoiceCallElementConstructor,
  type WidgetPosition,
} from './voice-call-element.ts';
export { loadBundledModule } from './modules.ts';
export { scriptLoader, type ChunkRegistry, type LoadError } from './script-loader.ts';
export {
  browserLoadContext,
  diagnoseLoad,
  loadFailureOf,
  type LoadContext,
  type LoadEvidence,
  type LoadFailure,
  type LoadFailureReason,
} from './load-failure.ts';
export {
  EN_LAUNCHER_LABELS,
  format,
  LOCALES,
  localeLabels,
  registerLocale,
  type CardLabels,
  type LauncherLabels,
  type LocaleModule,
  type ShippedLocale,
  type VoiceLabels,
} from './labels.ts';
export { EN_CARD_LABELS } from './card-labels.ts';
export { EN_LABELS, resolveLabels } from './en.ts';
export {
  CHAT_EVENTS,
  CLIENT_EVENTS,
  ConversationController,
  type ChatEvents,
  type ConversationControllerOptions,
  type ConversationEvents,
  type EventSink,
  type RequestHelpers,
  type StartOptions,
  type WidgetError,
} from './controller.ts';
export { targetFromAttributes } from './target-attributes.ts';
export {
  IDLE_VIEW,
  START_STAGES,
  type CallPhase,
  type CallProblem,
  type CallView,
  type ChatPhase,
  type ProblemKind,
  type ProblemSource,
  type Turn,
} from './view.ts';
export { describeProblem, formatDuration, stageLabel, statusLine, type ProblemInfo, type StatusLine, type StatusTone } from './status.ts';
export { parseConsent, type ConsentPiece } from './consent.ts';
export type { Card, CardHost, CardModule, LoadModule, WidgetMode, WidgetModules } from './card-port.ts';
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
} from './engine-port.ts';
export {
  EVENT_DOCS,
  OPTION_DOCS,
  PART_DOCS,
  PREFIX_OPTION_DOCS,
  SCRIPT_OPTION_DOCS,
  TOKEN_DOCS,
  type OptionDoc,
  type TokenDoc,
  type WidgetPart,
} from './reference.ts';
