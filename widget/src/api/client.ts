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

/**
 * The tables of `apiRoutes`, one per family. Written with `typeof`, so the emitted declarations
 * refer to `routes.d.ts`, where each route keeps its JSDoc (`@deprecated` marks included); an
 * inferred type would be inlined as bare strings, and a package consumer's editor would show
 * neither the docs nor the deprecations. (A type alias, not an interface: it must fit `RouteTable`'s
 * index signature.)
 */
export type ApiRoutes = {
  readonly call: typeof callRoutes;
  readonly chat: typeof chatRoutes;
  readonly campaign: typeof campaignRoutes;
  readonly session: typeof sessionRoutes;
  readonly support: typeof supportRoutes;
  readonly assistant: typeof assistantRoutes;
  readonly phoneNumber: typeof phoneNumberRoutes;
  readonly tool: typeof toolRoutes;
  readonly knowledgeBase: typeof knowledgeBaseRoutes;
  readonly squad: typeof squadRoutes;
  readonly token: typeof tokenRoutes;
  readonly template: typeof templateRoutes;
  readonly credential: typeof credentialRoutes;
  readonly file: typeof fileRoutes;
  readonly workflow: typeof workflowRoutes;
  readonly testSuite: typeof testSuiteRoutes;
  readonly analytics: typeof analyticsRoutes;
  readonly log: typeof logRoutes;
  readonly org: typeof orgRoutes;
  readonly voiceLibrary: typeof voiceLibraryRoutes;
  readonly provider: typeof providerRoutes;
};

/** Every resource family of the provider API, keyed as they appear on the client. */
export const apiRoutes: ApiRoutes = {
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
};

/** The full client: one group per resource family, plus `request` for anything else. */
export type ApiClient = BoundRoutes<ApiRoutes> & Requester;

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
