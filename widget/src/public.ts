/**
 * The element layer's public API, side-effect free (the root entry and `/element` re-export it):
 * the element factory, the controller the card and the React hook share, labels, the status
 * helper, and the ports.
 */
export { createVoiceCallElement } from './element/voice-call-element.ts';
export { defineVoiceCallElement } from './element/define.ts';
export {
  ELEMENT_NAME,
  EVENT_PREFIX,
  MODES,
  OPTION_ATTRIBUTES,
  POSITIONS,
  type WidgetPosition,
} from './element/options.ts';
export type { VoiceCallElement, VoiceCallElementConstructor } from './element/element-types.ts';
export type {
  VoiceCallAttributes,
  VoiceCallEventName,
  VoiceCallEventProps,
  VoiceCallJsxProps,
  VoiceCallStyle,
} from './docs/jsx.ts';
export type { VoiceCallPreactProps } from './docs/jsx-preact.ts';
export type { VoiceCallSolidProps } from './docs/jsx-solid.ts';
export { loadBundledModule } from './chunks/modules.ts';
export { scriptLoader, type LoadError } from './element/script-loader.ts';
export { loadFailureOf, type LoadFailure, type LoadFailureReason } from './conversation/load-failure.ts';
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
} from './i18n/labels.ts';
export { EN_CARD_LABELS } from './i18n/en.ts';
export { EN_LABELS, resolveLabels } from './i18n/en.ts';
export {
  CHAT_EVENTS,
  type ChatEvents,
  type ConversationControllerOptions,
  type ConversationEvents,
  type EventSink,
  type RequestHelpers,
} from './conversation/conversation-events.ts';
export { CLIENT_EVENTS } from './core/client-events.ts';
export { ConversationController } from './conversation/controller.ts';
export { type StartOptions } from './core/call-request.ts';
export { isWidgetError, WidgetError, type WidgetErrorOptions } from './conversation/errors.ts';
export { targetFromAttributes } from './conversation/element-start.ts';
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
} from './conversation/view.ts';
export {
  describeProblem,
  formatDuration,
  stageLabel,
  statusLine,
  type ProblemInfo,
  type StatusLine,
  type StatusTone,
} from './conversation/status.ts';
export { parseConsent, type ConsentPiece } from './card/consent.ts';
export type { Card, CardHost, CardModule, LoadModule, WidgetMode, WidgetModules } from './ports/card-port.ts';
// The module types that add their own key to `WidgetModules` (declaration merging, so the ports
// import none of them): exported, so a consumer's `WidgetModules` has every key.
export type { AudioModule } from './card/audio-panel.ts';
export type { RichModule } from './card/rich/index.ts';
export type { KeepModule } from './continuity/file.ts';
export type { NudgeModule } from './nudge/nudge.ts';
export type { MarkdownModule } from './card/markdown-file.ts';
export type { RecordModule } from './card/record/index.ts';
export type { SheetModule } from './card/sheet.ts';
export type { UnreadModule } from './card/unread-badge.ts';
export type { ProblemsModule } from './card/problems-file.ts';
export type { ConsentModule } from './card/consent-file.ts';
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
} from './conversation/engine-port.ts';
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
} from './docs/reference.ts';
export { eventRows, optionRows, partRows, tokenRows, type OptionRow } from './docs/rows.ts';
