/**
 * Types of the provider API client: options, query and body shapes, and the type-level machinery
 * that turns a route string such as `'GET /test-suite/{id}/run/{runId}'` into a typed method
 * `(id: string, runId: string, query?: Query, options?: CallOptions) => Promise<T>`.
 * Types only: no runtime code.
 */
import type { JsonObject, WebCall, WebCallBody } from './call-target.ts';

export type { JsonObject } from './call-target.ts';

/** HTTP methods the platform's routes use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One query value. `undefined` and `null` are skipped, `Date` becomes ISO 8601, arrays repeat the key. */
export type QueryScalar = string | number | boolean | Date | null | undefined;

/**
 * A query parameter's value: a scalar, an array of scalars (the key repeats), or an object whose
 * entries are sent in bracket style, nested as deep as it goes: `{ customer: { number: '+1555' } }`
 * becomes `customer[number]=%2B1555` (the brackets percent-encoded, as `URLSearchParams` does; the
 * platform decodes them), the form the `/v2` listings take for filters such as `customer`,
 * `structuredOutputs` and `score`.
 */
export type QueryValue = QueryScalar | readonly QueryScalar[] | QueryObject;

/** An object-valued query parameter (see `QueryValue`). */
export interface QueryObject {
  readonly [key: string]: QueryValue;
}

/** Query object of a GET / DELETE route, serialised with `serializeQuery`. */
export type Query = Record<string, QueryValue>;

/** One multipart field value: text, or a file (`File` keeps its name, a bare `Blob` is sent as `blob`). */
export type MultipartValue = string | number | boolean | Blob;

/**
 * Body of a multipart route: a ready `FormData`; a single `Blob`/`File` (sent as the `file` field);
 * or a record whose values become fields (arrays repeat the field, `undefined` is skipped).
 */
export type MultipartBody = FormData | Blob | Record<string, MultipartValue | readonly MultipartValue[] | undefined>;

/**
 * Retry policy. Only responses with a status in `statusCodes`, and network errors, are retried, and
 * only for methods in `methods`; timeouts and caller aborts never are. `Retry-After` (seconds or an
 * HTTP date) is honoured exactly; when it asks for longer than `maxDelayMs` the client gives up at once.
 */
export interface RetryPolicy {
  /** Retries after the first attempt (0 disables). @default 2 */
  limit?: number;
  /**
   * Methods that may be retried. POST and PATCH are not idempotent, so they are absent unless you
   * ask, e.g. `{ methods: ['POST'] }` on one call whose body carries its own idempotency.
   * @default ['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']
   */
  methods?: readonly string[];
  /** Statuses that are retried. @default [408, 429, 500, 502, 503, 504] */
  statusCodes?: readonly number[];
  /** First backoff delay; attempt n waits about `baseDelayMs * 2^n`, with ±25 % jitter. @default 300 */
  baseDelayMs?: number;
  /** Cap on one backoff delay, and on an honoured `Retry-After`. @default 30000 */
  maxDelayMs?: number;
}

/** Options of `createApiClient` / `createRequester`. */
export interface ApiClientOptions {
  /** Bearer token sent as `Authorization: Bearer {token}` (a private key on servers); empty: no header. */
  token: string;
  /** API base URL. A trailing `/` is ignored. @default DEFAULT_API_BASE_URL ('https://api.vapi.ai') */
  baseUrl?: string;
  /** `fetch` implementation. @default globalThis.fetch, read when a request is made (not at import) */
  fetch?: typeof fetch;
  /** Per-attempt limit in milliseconds, body included; 0 or `Infinity` disables. @default 30000 */
  timeoutMs?: number;
  /** Retry policy, or just its `limit`. @default { limit: 2 } on idempotent methods */
  retries?: number | RetryPolicy;
  /** Extra headers on every request (e.g. a tracing header). */
  headers?: Record<string, string>;
  /**
   * Waits between retries. A port for schedulers (and for tests, which pass a recorder instead of
   * real time). Must reject with `signal.reason` when `signal` aborts.
   * @default a `setTimeout`-based sleep
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Per-call options, the last argument of every method. They override the client's. */
export interface CallOptions {
  /** Cancels the call (including a pending retry wait); the abort reason is rethrown as-is. */
  signal?: AbortSignal;
  /** Per-attempt limit for this call. */
  timeoutMs?: number;
  /** Retry policy for this call, merged over the client's. */
  retries?: number | RetryPolicy;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

/** What a route sends besides its path: query, body, and whether it is authenticated. */
export interface RequestSpec {
  /** Serialised into the query string. */
  query?: Query;
  /** JSON body, or `FormData` / `Blob` / `URLSearchParams` / bytes sent as-is. */
  body?: unknown;
  /** Convert `body` to `FormData` first (see `MultipartBody`). */
  multipart?: boolean;
  /** Send `Authorization`. @default true */
  auth?: boolean;
}

/** The transport every bound method calls; also usable directly for routes the table lacks. */
export interface Requester {
  /**
   * Sends one request (with retries per policy) and resolves with the parsed body: a `Blob` when
   * the response's content type is binary (a recording, a packet capture), else JSON when it
   * parses, else text; `undefined` when empty.
   * @param method HTTP method.
   * @param path Path relative to the base URL, already encoded, starting with `/`.
   * @throws ApiError | NetworkError | TimeoutError, or the caller's abort reason.
   */
  request<T = unknown>(method: string, path: string, spec?: RequestSpec, options?: CallOptions): Promise<NoInfer<T>>;
}

/**
 * Types of the routes whose shapes we state, keyed by the route string as the table writes it
 * (flag included): `body` and `response` replace the open defaults, and a `query` makes the query
 * argument required and typed (the platform rejects these listings without it). Routes not listed
 * here take an open `JsonObject` body or an optional `Query`, and resolve to `unknown` (or the type
 * argument you pass).
 */
export interface KnownRouteTypes {
  'POST /call/web': { body: WebCallBody; response: WebCall };
  /** Bulk delete: `ids` deletes those calls' data; without a body, the one in the path. */
  'DELETE /call/{id} body': { body: { ids?: string[] } & JsonObject; response: unknown };
  'GET /file': { query: { purpose: string } & Query; response: unknown };
  'GET /org/feature-flag': { query: { key: string; orgId: string } & Query; response: boolean };
  'GET /{provider}/voices/search': { query: { name: string } & Query; response: unknown };
  'GET /{provider}/voice/search': { query: { name: string } & Query; response: unknown };
  /** Removed from the current platform; older deployments required the call id. */
  'GET /log': { query: { callId: string } & Query; response: unknown };
  'DELETE /log': { query: { callId: string } & Query; response: unknown };
}

/** Labels of path parameters, so editors show `(testSuiteId: string, id: string, …)`. */
interface ParamLabels {
  id: [id: string];
  testSuiteId: [testSuiteId: string];
  memberId: [memberId: string];
  invitationId: [invitationId: string];
  version: [version: string];
  draftId: [draftId: string];
  fileId: [fileId: string];
  workflowId: [workflowId: string];
  provider: [provider: string];
  resourceName: [resourceName: string];
}

type ParamArgs<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? [...(Name extends keyof ParamLabels ? ParamLabels[Name] : [string]), ...ParamArgs<Rest>]
  : [];

/** Splits `'METHOD /path flag'` into its parts. */
type ParseRoute<S extends string> = S extends `${infer M} ${infer Rest}`
  ? Rest extends `${infer P} ${infer Flag}`
    ? { method: M; path: P; flag: Flag }
    : { method: M; path: Rest; flag: '' }
  : never;

type BodyOf<S extends string, Flag> = S extends keyof KnownRouteTypes
  ? KnownRouteTypes[S] extends { body: infer B }
    ? B
    : DefaultBody<Flag>
  : DefaultBody<Flag>;

type DefaultBody<Flag> = Flag extends 'multipart' ? MultipartBody : JsonObject;

type ResponseOf<S extends string> = S extends keyof KnownRouteTypes ? KnownRouteTypes[S]['response'] : unknown;

/** The query argument of a GET / DELETE route: required and typed when `KnownRouteTypes` says so. */
type QueryArgs<S extends string> = S extends keyof KnownRouteTypes
  ? KnownRouteTypes[S] extends { query: infer Q }
    ? [query: Q]
    : [query?: Query]
  : [query?: Query];

/**
 * The method a route string becomes. GET and DELETE take `(…pathParams, query?, options?)`, or
 * `(…pathParams, body?, options?)` with the `body` flag; the others `(…pathParams, body?, options?)`
 * (multipart routes require the body). The type argument `T` lets callers state the response type
 * the spec does not give; it is never inferred from the assignment target (`NoInfer`), so
 * `const n: number = await api.x.get(id)` is an error, not a cast.
 */
export type RouteMethod<S extends string> =
  ParseRoute<S> extends { method: infer M; path: infer P extends string; flag: infer F }
    ? M extends 'GET' | 'DELETE'
      ? F extends 'body'
        ? <T = ResponseOf<S>>(
            ...args: [...ParamArgs<P>, body?: BodyOf<S, F>, options?: CallOptions]
          ) => Promise<NoInfer<T>>
        : <T = ResponseOf<S>>(...args: [...ParamArgs<P>, ...QueryArgs<S>, options?: CallOptions]) => Promise<NoInfer<T>>
      : F extends 'multipart'
        ? <T = ResponseOf<S>>(
            ...args: [...ParamArgs<P>, body: BodyOf<S, F>, options?: CallOptions]
          ) => Promise<NoInfer<T>>
        : <T = ResponseOf<S>>(
            ...args: [...ParamArgs<P>, body?: BodyOf<S, F>, options?: CallOptions]
          ) => Promise<NoInfer<T>>
    : never;

/**
 * A route table: method names to `'METHOD /path'` strings (optionally followed by one flag:
 * `multipart` (body sent as `FormData`), `public` (no `Authorization`) or `body` (a GET / DELETE
 * that sends a JSON body instead of a query)), or nested tables.
 */
export interface RouteTable {
  readonly [name: string]: string | RouteTable;
}

/** The typed methods `bindRoutes` builds from a route table (JSDoc, incl. `@deprecated`, carries over). */
export type BoundRoutes<T> = {
  readonly [K in keyof T]: T[K] extends string ? RouteMethod<T[K]> : BoundRoutes<T[K]>;
};
