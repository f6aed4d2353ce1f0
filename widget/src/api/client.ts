import { bindRoutes } from './bind.ts';
import { createRequester } from './request.ts';
import {
  analyticsRoutes,
  assistantRoutes,
  callRoutes,
  campaignRoutes,
  chatRoutes,
  credentialRoutes,
  fileRoutes,
  knowledgeBaseRoutes,
  logRoutes,
  orgRoutes,
  phoneNumberRoutes,
  providerRoutes,
  sessionRoutes,
  squadRoutes,
  supportRoutes,
  templateRoutes,
  testSuiteRoutes,
  tokenRoutes,
  toolRoutes,
  voiceLibraryRoutes,
  workflowRoutes,
} from './routes.ts';
import type { ApiClientOptions, BoundRoutes, Requester } from './types.ts';

/** Every resource family of the provider API, keyed as they appear on the client. */
export const apiRoutes = {
  call: callRoutes,
  chat: chatRoutes,
  campaign: campaignRoutes,
  session: sessionRoutes,
  support: supportRoutes,
  assistant: assistantRoutes,
  phoneNumber: phoneNumberRoutes,
  tool: toolRoutes,
  knowledgeBase: knowledgeBaseRoutes,
  squad: squadRoutes,
  token: tokenRoutes,
  template: templateRoutes,
  credential: credentialRoutes,
  file: fileRoutes,
  workflow: workflowRoutes,
  testSuite: testSuiteRoutes,
  analytics: analyticsRoutes,
  log: logRoutes,
  org: orgRoutes,
  voiceLibrary: voiceLibraryRoutes,
  provider: providerRoutes,
} as const;

/** The full client: one group per resource family, plus `request` for anything else. */
export type ApiClient = BoundRoutes<typeof apiRoutes> & Requester;

/**
 * Creates a client for the whole provider API (spec §7): `api.call.get(id)`,
 * `api.assistant.list({ limit: 10 })`, `api.file.create(file)`, …
 *
 * Every method takes its path parameters first (percent-encoded), then a query (GET, DELETE) or a
 * body (POST, PUT, PATCH), then `CallOptions`. It resolves with the parsed response and rejects
 * with `ApiError`, `NetworkError`, `TimeoutError`, or the caller's abort reason.
 *
 * Nothing happens at creation: no request, no timer, no `fetch` lookup.
 * To ship less, bind only the tables you use: `bindRoutes(createRequester(options), callRoutes)`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const requester = createRequester(options);
  return { ...bindRoutes(requester, apiRoutes), request: requester.request };
}
