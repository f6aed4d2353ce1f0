/**
 * `@ringwise/voice-widget`: everything without side effects. The voice and chat clients (core), the
 * tiny request helpers (`createWebCall`, `requestWebCall`, `readWebCall`, `requestChatWeb`), the
 * framework-free conversation controller, labels, the status helper, the widget's reference, and
 * the element class factory (call `defineVoiceCallElement(loadBundledModule)` yourself, or import
 * `@ringwise/voice-widget/element`, which does). React lives in `@ringwise/voice-widget/react`; the
 * full REST client in `@ringwise/voice-widget/api`.
 */
export * from './core.ts';
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
export * from './public.ts';
