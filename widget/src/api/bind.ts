import type { BoundRoutes, CallOptions, Query, RequestSpec, Requester, RouteTable } from './types.ts';

const PARAM = /\{(\w+)\}/g;

/** Percent-encodes one path parameter; an empty or non-string value is a caller bug, not a request. */
function encodeParam(value: unknown, name: string, route: string): string {
  // An empty id would turn `DELETE /assistant/{id}` into `DELETE /assistant/`: refuse it.
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`${route}: path parameter "${name}" must be a non-empty string`);
  }
  return encodeURIComponent(value);
}

/** Builds the method for one `'METHOD /path flag'` route string. */
function bindRoute(requester: Requester, route: string): (...args: unknown[]) => Promise<unknown> {
  const [method = 'GET', template = '/', flag] = route.split(' ');
  const paramCount = template.match(PARAM)?.length ?? 0;
  // GET and DELETE carry a query, unless the route is flagged `body` (e.g. the bulk DELETE /call/{id}).
  const takesQuery = (method === 'GET' || method === 'DELETE') && flag !== 'body';
  // async: a bad parameter becomes a rejection, like every other failure of a method.
  return async (...args) => {
    let index = 0;
    const path = template.replace(PARAM, (_match, name: string) => encodeParam(args[index++], name, route));
    const payload = args[paramCount];
    const spec: RequestSpec = takesQuery
      ? { query: payload as Query | undefined }
      : { body: payload, multipart: flag === 'multipart' };
    if (flag === 'public') spec.auth = false;
    return requester.request(method, path, spec, args[paramCount + 1] as CallOptions | undefined);
  };
}

/**
 * Turns a route table (see `routes.ts`) into typed methods over `requester`. Nested tables become
 * nested groups. Use it alone to pay for only the families you call:
 *
 * ```ts
 * const assistants = bindRoutes(createRequester({ token }), assistantRoutes);
 * await assistants.get('asst_123');
 * ```
 */
export function bindRoutes<const T extends RouteTable>(requester: Requester, table: T): BoundRoutes<T> {
  const bound: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(table)) {
    bound[name] = typeof entry === 'string' ? bindRoute(requester, entry) : bindRoutes(requester, entry);
  }
  return bound as BoundRoutes<T>;
}
