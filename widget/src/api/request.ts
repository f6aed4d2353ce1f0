import { DEFAULT_API_BASE_URL } from './constants.ts';
import { AnswerError } from './errors/answer-error.ts';
import { ApiError } from './errors/api-error.ts';
import { NetworkError } from './errors/network-error.ts';
import { TimeoutError } from './errors/timeout-error.ts';
import { readBody } from './read-body.ts';
import type {
  ApiClientOptions,
  CallOptions,
  MultipartBody,
  Query,
  QueryValue,
  RequestSpec,
  Requester,
  RetryPolicy,
} from './types.ts';

const DEFAULT_RETRY: Required<RetryPolicy> = {
  limit: 2,
  methods: ['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'],
  statusCodes: [408, 429, 500, 502, 503, 504],
  baseDelayMs: 300,
  maxDelayMs: 30_000,
};

/** @default per-attempt timeout of `ApiClientOptions.timeoutMs` */
const DEFAULT_TIMEOUT_MS = 30_000;

/** Appends one query value under `key`, recursing into arrays (repeated key) and objects (`key[sub]`). */
function appendQuery(params: URLSearchParams, key: string, value: QueryValue): void {
  if (value === undefined || value === null) return;
  if (value instanceof Date) params.append(key, value.toISOString());
  else if (Array.isArray(value)) for (const item of value as readonly QueryValue[]) appendQuery(params, key, item);
  else if (typeof value === 'object') {
    for (const [sub, item] of Object.entries(value)) appendQuery(params, `${key}[${sub}]`, item);
  } else params.append(key, String(value));
}

/**
 * Serialises a query object: `undefined`/`null` skipped, `Date` as ISO 8601, arrays as repeated
 * keys, objects in bracket style (`{ customer: { number: 'x' } }` → `customer[number]=x`, nested
 * as deep as the object goes, brackets percent-encoded as `URLSearchParams` does). Returns `''` or
 * a string starting with `?`.
 */
export function serializeQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) appendQuery(params, key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Content types that promise JSON (`application/json`, `application/problem+json`, …). */
const JSON_TYPE = /^\s*application\/(?:[\w.-]+\+)?json\b/i;

/** A body that declared JSON and did not parse: kept as text for logs, refused on a success. */
class NotJson {
  constructor(
    readonly body: string,
    readonly cause: unknown,
  ) {}
}

/** Content types read as text (and parsed when they hold JSON); any other declared type is binary. */
const TEXTUAL_TYPE = /^\s*(?:text\/|application\/(?:[\w.-]+\+)?(?:json|xml|javascript|x-www-form-urlencoded)\b)/i;

/**
 * Reads a response body once: a `Blob` when the response declares a binary content type (the
 * call recordings and packet captures are audio, video and pcap files, which text decoding would
 * corrupt); parsed JSON when the type declares JSON (a `NotJson` when it does not parse); else what
 * `readBody` makes of it (JSON when it parses, else text, `undefined` when empty).
 */
async function readPayload(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type');
  if (type && JSON_TYPE.test(type)) {
    const text = await response.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch (cause) {
      return new NotJson(text, cause);
    }
  }
  if (type && !TEXTUAL_TYPE.test(type)) {
    const blob = await response.blob();
    return blob.size ? blob : undefined;
  }
  return readBody(response);
}

/**
 * Builds the `FormData` of a multipart route: a `FormData` is used as-is, a `Blob`/`File` becomes
 * the `file` field, a record's entries become fields (arrays repeat the field, `undefined` skipped).
 */
export function toFormData(body: MultipartBody): FormData {
  if (body instanceof FormData) return body;
  const form = new FormData();
  if (body instanceof Blob) {
    form.append('file', body);
    return form;
  }
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      if (item instanceof Blob) form.append(key, item);
      else form.append(key, String(item));
    }
  }
  return form;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

function normalizeRetry(value: number | RetryPolicy | undefined): RetryPolicy {
  return typeof value === 'number' ? { limit: value } : (value ?? {});
}

/**
 * Milliseconds a `Retry-After` header asks for (delta-seconds or an HTTP date), or `undefined`
 * when absent or unparseable.
 */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Default `sleep`: a timer that rejects with the abort reason when `signal` aborts. */
function timerSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A failed attempt, with the `Retry-After` the response asked for (if any). */
interface AttemptFailure {
  error: unknown;
  retryAfterMs?: number;
}

/**
 * Creates the transport: base URL, bearer token, per-attempt timeout, retries with exponential
 * backoff and jitter. Nothing happens until `request` is called (no fetch lookup, no timers).
 */
export function createRequester(options: ApiClientOptions): Requester {
  const baseUrl = (options.baseUrl ?? DEFAULT_API_BASE_URL).replace(/\/+$/, '');
  const clientRetry = normalizeRetry(options.retries);
  const sleep = options.sleep ?? timerSleep;

  async function attempt(
    method: string,
    url: string,
    context: { method: string; path: string },
    init: RequestInit,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<{ value: unknown } | AttemptFailure> {
    // One controller per attempt, aborted by the caller's signal or by our timer; the reason
    // tells the two apart afterwards.
    const controller = new AbortController();
    const timedOut = new TimeoutError(context, timeoutMs);
    const onCallerAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    const timer =
      timeoutMs > 0 && Number.isFinite(timeoutMs) ? setTimeout(() => controller.abort(timedOut), timeoutMs) : undefined;
    // Local binding: `options.fetch(...)` would pass `options` as the receiver ("Illegal invocation").
    const doFetch = options.fetch ?? fetch;
    try {
      let response: Response;
      let body: unknown;
      try {
        response = await doFetch(url, { ...init, method, signal: controller.signal });
        body = await readPayload(response);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (controller.signal.reason === timedOut) return { error: timedOut };
        return { error: new NetworkError(context, error) };
      }
      if (response.ok) {
        // A success that declares JSON but holds something else (a proxy's HTML, a cut-off body)
        // must not reach the caller as a string it would treat as the parsed answer.
        if (body instanceof NotJson) {
          return { error: new AnswerError(context, response.status, 'unreadable', 'Answer not JSON', body) };
        }
        return { value: body };
      }
      return {
        error: new ApiError(response, context, body instanceof NotJson ? body.body : body),
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
      };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function request<T>(method: string, path: string, spec: RequestSpec = {}, call: CallOptions = {}): Promise<T> {
    const upper = method.toUpperCase();
    const context = { method: upper, path };
    const url = baseUrl + path + serializeQuery(spec.query);
    const policy = { ...DEFAULT_RETRY, ...clientRetry, ...normalizeRetry(call.retries) };
    const retryable = policy.methods.includes(upper);
    const headers: Record<string, string> = { ...options.headers, ...call.headers };
    if (spec.auth !== false && options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (spec.body !== undefined) {
      if (spec.multipart) body = toFormData(spec.body as MultipartBody);
      else if (isRawBody(spec.body)) body = spec.body;
      else {
        body = JSON.stringify(spec.body);
        headers['Content-Type'] = 'application/json';
      }
    }
    const timeoutMs = call.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

    for (let retry = 0; ; retry++) {
      // An already-aborted signal fires no 'abort' event, so check before each attempt.
      if (call.signal?.aborted) throw call.signal.reason;
      const outcome = await attempt(upper, url, context, { headers, body }, timeoutMs, call.signal);
      if ('value' in outcome) return outcome.value as T;
      const { error, retryAfterMs } = outcome;
      const status = error instanceof ApiError ? error.status : undefined;
      const worthRetrying =
        retryable &&
        retry < policy.limit &&
        (error instanceof NetworkError || (status !== undefined && policy.statusCodes.includes(status)));
      if (!worthRetrying) throw error;
      let delay: number;
      if (retryAfterMs !== undefined) {
        // Waiting less than the server asked would be a wasted attempt; waiting longer than the
        // cap is not what the caller wants: give up instead.
        if (retryAfterMs > policy.maxDelayMs) throw error;
        delay = retryAfterMs;
      } else {
        const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
        // ±25 % jitter so clients that failed together do not retry together.
        delay = Math.round(Math.min(policy.maxDelayMs, backoff * (0.75 + Math.random() * 0.5)));
      }
      await sleep(delay, call.signal);
    }
  }

  return { request };
}
