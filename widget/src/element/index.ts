/**
 * `@ringwise/voice-widget/element`: importing this module defines `<ringwise-voice-call>` (once,
 * and only in a browser). The engine (core, API client) is a separate chunk loaded on the first
 * hover, focus, touch or click; daily-js is loaded by the engine when a call starts.
 */
import type { VoiceEngine } from './engine-port.ts';
import { defineVoiceCallElement } from './voice-call-element.ts';

defineVoiceCallElement(() => import('./engine.ts') as Promise<VoiceEngine>);

export {
  createVoiceCallElement,
  defineVoiceCallElement,
  ELEMENT_NAME,
  EVENT_PREFIX,
  OPTION_ATTRIBUTES,
  type VoiceCallElement,
  type VoiceCallElementConstructor,
  type WidgetPosition,
} from './voice-call-element.ts';
export { EN_LABELS, registerLocale, resolveLabels, type VoiceLabels } from './labels.ts';
export {
  VoiceCallController,
  problemText,
  START_STAGES,
  type CallPhase,
  type CallProblem,
  type CallView,
  type ProblemKind,
  type TranscriptLine,
  type VoiceCallControllerOptions,
} from './controller.ts';
export type { EngineClientOptions, LoadEngine, VoiceClientPort, VoiceEngine } from './engine-port.ts';
