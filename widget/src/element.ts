/**
 * `@ringwise/voice-widget/element`: importing this module defines `<ringwise-voice-call>` (once,
 * and only in a browser). The card UI and the engines are separate chunks loaded on the first
 * hover, focus, touch or click; daily-js is loaded by the voice engine when a call starts.
 */
import { loadBundledModule } from './chunks/modules.ts';
import { defineVoiceCallElement } from './element/define.ts';

defineVoiceCallElement(loadBundledModule);

export * from './public.ts';
