/**
 * The platform's DTOs (`CreateAssistantDTO`, `AssistantOverrides`, `CreateSquadDTO`, `CreateWorkflowDTO`,
 * `WorkflowOverrides`, `Call`…) exactly as `@vapi-ai/web` 2.7.1 declares them in `dist/api.d.ts` (generated
 * from the platform's OpenAPI document), so `start()` takes what the reference takes. Types only: in the
 * package this module is `@ringwise/voice-widget/vapi/dist/api` (the reference's path behind ours) and its
 * declarations are the reference's DTO section, without its HTTP client (`Api`, `HttpClient`), copied at
 * build time (widget/vapi-dto.ts); nothing of `@vapi-ai/web` is needed by an app.
 */
export type * from '@vapi-ai/web/dist/api';
