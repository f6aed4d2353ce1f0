/**
 * `@ringwise/voice-widget/core`: the headless voice and chat clients. Framework-free, SSR-safe (no browser
 * global read at import) and free of daily-js. A package entry (judged as one by the layering rules):
 * it supplies the core's `VoiceClient` its default call factory, the Daily adapter brought by
 * `import()` (src/daily/default-client.ts); the core's own modules import no call engine.
 */
export { VoiceClient } from './daily/default-client.ts';
export type { VoiceStartOptions, VoiceClientOptions } from './core/voice-client.ts';
export {
  ChatClient,
  type ChatClientEvents,
  type ChatClientOptions,
  type ChatReply,
  type ChatSendOptions,
  type ChatSnapshot,
  type ChatState,
} from './core/chat-client.ts';
export { hasCallTarget } from './core/target.ts';
export { toolCallsOf, type AddMessageOptions, type ConversationMessage, type ToolCall } from './core/messages.ts';
export { runClientTools, type ClientToolHandler, type ClientTools, type ToolSink } from './core/client-tools.ts';
export { ToolError, isToolError, type ToolProblemKind } from './core/errors/tool-error.ts';
export { VoiceError, isVoiceError, type VoiceErrorOptions } from './core/errors/voice-error.ts';
export { createEmitter, type Emitter, type Handler } from './core/emitter.ts';
export { browserPlatform, type AudioPlayback, type VoicePlatform } from './core/platform.ts';
export * from './core/constants.ts';
export type {
  CallFactory,
  CallInputSettings,
  CallObject,
  CallObjectEvents,
  CallParticipant,
  CallRecordingOptions,
  CallTrackEvent,
  CreateCallOptions,
  DailyConfig,
  MediaTrackLike,
} from './core/call-port.ts';
export type * from './core/types.ts';
