/**
 * `@ringwise/voice-widget/api`: the provider REST API client.
 * Everything here is tree-shakeable; importing only `createWebCall` pulls in only it and its errors.
 */
export { DEFAULT_API_BASE_URL } from './constants.ts';
export { createWebCall, type WebCallOptions } from './web-call.ts';
export { RequestError, isRequestError, type RequestContext } from './errors/request-error.ts';
export { ApiError, apiErrorMessage, isApiError } from './errors/api-error.ts';
export { NetworkError, isNetworkError } from './errors/network-error.ts';
export { TimeoutError, isTimeoutError } from './errors/timeout-error.ts';
