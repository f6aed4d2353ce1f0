/**
 * `@ringwise/voice-widget/api`: the provider REST API client.
 *
 * Tree-shakeable: `requestWebCall` / `requestChatWeb` import nothing; `createWebCall` pulls in its two error classes; binding one
 * route table pulls in that table and the transport; `createApiClient` pulls in everything.
 */
export { DEFAULT_API_BASE_URL } from './constants.ts';
export { createWebCall, readWebCall, requestWebCall, type WebCallOptions } from './web-call.ts';
export { CHAT_WEB_PATH, requestChatWeb, type ChatWebBody, type ChatWebOptions } from './chat-web.ts';
export type { PostOptions } from './post-json.ts';
export { createApiClient, apiRoutes, type ApiClient, type ApiRoutes } from './client.ts';
export { createRequester, serializeQuery, toFormData, parseRetryAfter } from './request.ts';
export { bindRoutes } from './bind.ts';
export * from './routes.ts';
export { RequestError, isRequestError, type RequestContext } from './errors/request-error.ts';
export { ApiError, apiErrorMessage, isApiError } from './errors/api-error.ts';
export { NetworkError, isNetworkError } from './errors/network-error.ts';
export { TimeoutError, isTimeoutError } from './errors/timeout-error.ts';
export type { CallTarget, WebCall, WebCallBody } from './call-target.ts';
export type {
  ApiClientOptions,
  BoundRoutes,
  CallOptions,
  HttpMethod,
  JsonObject,
  KnownRouteTypes,
  MultipartBody,
  MultipartValue,
  Query,
  QueryObject,
  QueryScalar,
  QueryValue,
  RequestSpec,
  Requester,
  RetryPolicy,
  RouteMethod,
  RouteTable,
} from './types.ts';
