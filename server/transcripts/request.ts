/**
 * The checks of a transcript request (issue 38, "Email me a copy"): the JSON the widget POSTs to
 * `transcript-endpoint` (widget/src/conversation/transcript-request.ts). Each refusal is one
 * sentence naming the field; the limits are the migration's (20261128080000_transcript_requests),
 * checked here first so the visitor's browser gets a clear 400 or 413 instead of a constraint's.
 */
import { isPlainAddress } from '../leads/mail.ts';

/** Largest body accepted, in bytes (413 above it). */
export const MAX_TRANSCRIPT_BODY_BYTES = 100 * 1024;

/** Most turns in one request (413 above it). */
export const MAX_TRANSCRIPT_TURNS = 200;

/** Longest text of one turn, in characters. */
export const MAX_TURN_TEXT = 4000;

/** One turn as stored (the `transcript` column's elements). */
export interface StoredTurn {
  speaker: 'assistant' | 'visitor';
  name: string;
  text: string;
  at?: string;
  interrupted?: true;
}

/** A checked request: the row to insert into public.transcript_requests. */
export interface TranscriptRow {
  email: string;
  assistant: string;
  locale: string;
  page_url: string | null;
  transcript: StoredTurn[];
  /** The visitor's IANA zone when this server's Intl knows it; null: the mail shows UTC. */
  time_zone: string | null;
}

/** Why a request was refused: the status and one sentence. */
export interface TranscriptRefusal {
  status: 400 | 413;
  message: string;
}

const LOCALE = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$/;
/** An IANA zone name's shape (the migration 20261128090000's CHECK): Europe/Berlin, Etc/GMT+5, UTC. */
const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,3}$/;

/** Longest time zone name accepted. */
export const MAX_TIME_ZONE = 64;

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown, max: number, min = 1): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;

/**
 * The zone to store for a well-formed `name`: itself when this server's Intl accepts it, else null
 * (the mail then says UTC). Not a refusal: the visitor's browser may carry newer time-zone data than
 * the server, and they should not lose their copy over it.
 */
export function knownTimeZone(name: string): string | null {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name;
  } catch {
    return null;
  }
}

/** One turn, or the sentence saying what is wrong with turn `i` (counted from 1). */
function checkTurn(value: unknown, i: number): StoredTurn | string {
  const where = `transcript[${i}]`;
  if (!isObject(value)) return `${where} must be an object {speaker, name, text, at?, interrupted?}.`;
  const { speaker, name, text: said, at, interrupted } = value;
  if (speaker !== 'assistant' && speaker !== 'visitor') return `${where}.speaker must be "assistant" or "visitor".`;
  if (!text(name, 200)) return `${where}.name must be text of 1 to 200 characters.`;
  if (!text(said, MAX_TURN_TEXT)) return `${where}.text must be text of 1 to ${MAX_TURN_TEXT} characters.`;
  if (at !== undefined && !(typeof at === 'string' && ISO_TIME.test(at) && !Number.isNaN(Date.parse(at))))
    return `${where}.at must be an ISO time in UTC (2026-11-28T08:00:00.000Z) when given.`;
  if (interrupted !== undefined && interrupted !== true) return `${where}.interrupted must be true when given.`;
  return { speaker, name, text: said, ...(at !== undefined && { at }), ...(interrupted && { interrupted }) };
}

/** Parses and checks a request body (UTF-8 JSON); the row to store, or the refusal. */
export function checkTranscriptRequest(body: Buffer): { row: TranscriptRow } | { refusal: TranscriptRefusal } {
  const bad = (message: string) => ({ refusal: { status: 400 as const, message } });
  if (body.length > MAX_TRANSCRIPT_BODY_BYTES)
    return { refusal: { status: 413, message: `The request is larger than ${MAX_TRANSCRIPT_BODY_BYTES} bytes.` } };
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return bad('The body is not valid JSON (UTF-8).');
  }
  if (!isObject(value))
    return bad('The body must be one JSON object {email, assistant, locale, pageUrl?, timeZone?, transcript}.');
  const { email, assistant, locale, pageUrl, transcript, timeZone } = value;
  if (typeof email !== 'string' || !isPlainAddress(email))
    return bad('email must be one plain address (name@example.com).');
  if (!text(assistant, 200)) return bad('assistant must be text of 1 to 200 characters.');
  if (typeof locale !== 'string' || !LOCALE.test(locale))
    return bad('locale must be a language tag such as en or de-AT.');
  if (pageUrl !== undefined && !(text(pageUrl, 2048) && /^https?:\/\//.test(pageUrl)))
    return bad('pageUrl must be an http(s) URL of at most 2048 characters when given.');
  // A malformed zone is the sender's mistake (the widget sends what Intl reported): refused, named.
  if (timeZone !== undefined && !(text(timeZone, MAX_TIME_ZONE) && ZONE_SHAPE.test(timeZone)))
    return bad(`timeZone must be an IANA time zone name (Europe/Berlin) of at most ${MAX_TIME_ZONE} characters.`);
  if (!Array.isArray(transcript) || transcript.length === 0)
    return bad('transcript must be a non-empty array of turns.');
  if (transcript.length > MAX_TRANSCRIPT_TURNS)
    return {
      refusal: { status: 413, message: `transcript has ${transcript.length} turns; at most ${MAX_TRANSCRIPT_TURNS}.` },
    };
  const turns: StoredTurn[] = [];
  for (const [i, turn] of transcript.entries()) {
    const checked = checkTurn(turn, i + 1);
    if (typeof checked === 'string') return bad(checked);
    turns.push(checked);
  }
  const page_url = (pageUrl as string | undefined) ?? null;
  const time_zone = timeZone === undefined ? null : knownTimeZone(timeZone as string);
  return { row: { email, assistant, locale, page_url, transcript: turns, time_zone } };
}
