/**
 * The request body of an insert: read up to a limit (an upload the client aborts is reported, not
 * thrown), decoded as strict UTF-8, nesting bounded before JSON.parse sees it, and accepted only
 * as one JSON object whose keys are columns of the table and whose values are scalars.
 */
import type { IncomingMessage } from 'node:http';
import type { Column } from '../database.ts';
import type { Refusal } from './errors.ts';

/** Deepest JSON nesting accepted (a contact request has depth 1). */
export const MAX_JSON_DEPTH = 32;

/** What reading a body gave. */
export type BodyResult = { kind: 'ok'; body: Buffer } | { kind: 'too-large' } | { kind: 'aborted'; bytes: number };

/** Reads the body up to `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) settle({ kind: 'too-large' });
      else chunks.push(chunk);
    });
    req.on('end', () => settle({ kind: 'ok', body: Buffer.concat(chunks) }));
    req.on('error', () => settle({ kind: 'aborted', bytes: size }));
    req.on('close', () => {
      if (!req.complete) settle({ kind: 'aborted', bytes: size });
    });
  });
}

/** The deepest nesting of arrays and objects in a JSON text (strings skipped), or Infinity past `max`. */
export function jsonDepth(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > max) return Infinity;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

const invalid = (message: string, hint: string | null = null, details: string | null = null): Refusal => ({
  status: 400,
  code: 'PGRST102',
  message,
  hint,
  details,
});

/** Parses a body as one JSON object, or says why not. */
export function parseRowBody(body: Buffer): { row: Record<string, unknown> } | { refusal: Refusal } {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { refusal: invalid('Invalid UTF-8 in the request body', 'Send the body encoded as UTF-8.') };
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    return { refusal: invalid(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, 'Send one flat JSON object.') };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { refusal: invalid('Empty or invalid json', null, (error as Error).message) };
  }
  if (Array.isArray(value)) {
    return {
      refusal: invalid(
        'One contact request per request: the body must be one JSON object, not an array',
        'Send each row in its own request.',
      ),
    };
  }
  if (typeof value !== 'object' || value === null)
    return { refusal: invalid('Empty or invalid json', 'The body must be one JSON object.') };
  return { row: value as Record<string, unknown> };
}

/**
 * The columns to insert: PostgREST's `columns` parameter when given, else every key of the row;
 * each must be a column of `table`, and its value a scalar.
 */
export function insertColumns(
  row: Record<string, unknown>,
  columnsParam: string | null,
  table: string,
  columns: readonly Column[],
): { names: string[] } | { refusal: Refusal } {
  const names = columnsParam
    ? [...new Set(columnsParam.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1')))]
    : Object.keys(row);
  for (const name of names) {
    const column = columns.find((c) => c.name === name);
    if (!column)
      return {
        refusal: {
          status: 400,
          code: 'PGRST204',
          message: `Could not find the '${name}' column of '${table}' in the schema cache`,
        },
      };
    const value = row[name];
    if (value !== undefined && value !== null && typeof value === 'object') {
      return {
        refusal: {
          status: 400,
          code: '22P02',
          message: `Column '${name}' expects a ${column.type}, not a JSON ${Array.isArray(value) ? 'array' : 'object'}`,
        },
      };
    }
  }
  return { names };
}
