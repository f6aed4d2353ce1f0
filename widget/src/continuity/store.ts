/**
 * What the widget keeps for the tab so one conversation survives a page load (the `persist`
 * option): the turns shown so far, the chat's session id, and what a rejoin needs of a running
 * call (its id and room URL, when it connected). `sessionStorage` only: it lives as long as the
 * tab, is never sent anywhere, and no other origin (nor another tab, except a duplicated one) can
 * read it.
 *
 * The entry's name is a SHA-256 digest of the public key, the API URL and the target, so two
 * widgets of one site (another assistant, another key) never read each other's conversation and
 * the public key is not stored in a readable form; the entry itself holds no key.
 *
 * Limits: a call is tried again only within `CALL_KEEP_MS` of the page that left it (after that
 * the platform has ended it on silence); the whole entry is dropped `CONVERSATION_KEEP_MS` after
 * its last change. Storage that throws or is full loses the continuity, never the conversation.
 */
import { DAILY_ROOM_HOSTS, roomUrlProblem } from '../api/web-call-check.ts';
import type { SavedTurn } from '../conversation/continuity-port.ts';
import type { CallTarget, WebCall } from '../core/types.ts';
import { LOG_PREFIX } from '../core/log.ts';

/** Prefix of every entry's name (the rest is the digest). */
export const STORAGE_PREFIX = 'ringwise-conversation:';
/** A call left by a page is rejoined only this soon after (2 minutes). */
export const CALL_KEEP_MS = 2 * 60_000;
/** An entry untouched this long is dropped (30 minutes). */
export const CONVERSATION_KEEP_MS = 30 * 60_000;
/** At most this many turns are kept (the newest). */
export const SAVED_TURN_LIMIT = 200;

/** One turn as it is kept (final text only): the view model's type. */
export type { SavedTurn } from '../conversation/continuity-port.ts';

/** What a rejoin needs of a call that was running when the page was left. */
export interface SavedCall {
  readonly id: string;
  readonly webCallUrl: string;
  /** Epoch ms when it connected (the card's elapsed time goes on from it). */
  readonly connectedAt: number;
  /** Epoch ms when the page left it (`CALL_KEEP_MS` counts from here). */
  readonly leftAt: number;
  readonly videoRecordingEnabled?: boolean;
  readonly voiceProvider?: string;
}

/** One entry. */
export interface SavedConversation {
  readonly v: 1;
  /** Epoch ms of the last change. */
  readonly updatedAt: number;
  readonly turns: readonly SavedTurn[];
  /** The chat's session id: the next message continues it. */
  readonly sessionId?: string;
  readonly call?: SavedCall;
  /** The page (origin + path) the entry was written on: a rejoin elsewhere tells the assistant. */
  readonly page?: string;
}

/** Gets the tab's storage; may throw (sandboxed frames, blocked storage). */
export type StorageSource = () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The entry's name for a key, API URL and target: `ringwise-conversation:` + 32 hex digits of
 * SHA-256. `null` where the browser has no Web Crypto digest (pages served over plain http):
 * then nothing is kept.
 */
export async function conversationKey(
  publicKey: string,
  apiBaseUrl: string,
  target: CallTarget,
): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const scope = JSON.stringify([
    publicKey,
    apiBaseUrl,
    target.assistantId ??
      target.squadId ??
      target.workflowId ??
      target.assistant ??
      target.squad ??
      target.workflow ??
      null,
  ]);
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(scope)));
  let hex = '';
  for (const byte of digest.subarray(0, 16)) hex += byte.toString(16).padStart(2, '0');
  return STORAGE_PREFIX + hex;
}

const isText = (value: unknown): value is string => typeof value === 'string';

function turnOf(value: unknown): SavedTurn | null {
  const t = value as Partial<SavedTurn> | null;
  if (
    !t ||
    (t.role !== 'user' && t.role !== 'assistant') ||
    (t.via !== 'voice' && t.via !== 'text') ||
    !isText(t.text) ||
    !t.text
  )
    return null;
  // `at` (issue 38): entries written before it was kept have none and load as before; a time that
  // is no date (a string, out of Date's range) is dropped, not the turn.
  const at = typeof t.at == 'number' && t.at > 0 && t.at < 8e15 ? { at: t.at } : {};
  return { role: t.role, text: t.text, via: t.via, ...at };
}

/** The kept call, or why it fails the checks of a fresh answer (`roomUrlProblem`) or its own. */
function callOf(value: unknown, roomHosts: readonly string[] | null): SavedCall | string {
  const c = value as Partial<SavedCall> | null;
  if (!c || !isText(c.id) || typeof c.connectedAt !== 'number' || typeof c.leftAt !== 'number')
    return 'a malformed call';
  return roomUrlProblem(c.webCallUrl, roomHosts) ?? (c as SavedCall);
}

/**
 * The entry under `key`, checked: an expired, unreadable or malformed entry is removed and
 * `null` returned; a call past `CALL_KEEP_MS` is left out (the turns stay). The tab's storage is
 * anyone's to write (a script of the page, an extension), so a kept call is checked as a fresh
 * answer is: an `https:` room on one of `roomHosts`. An entry failing any check is dropped whole,
 * said in one console line (expiry is no failure: it is dropped silently).
 * @param roomHosts The hosts a kept room may be on (the `room-hosts` option); null: any https host.
 */
export function readConversation(
  storage: StorageSource,
  key: string,
  now = Date.now(),
  roomHosts: readonly string[] | null = DAILY_ROOM_HOSTS,
): SavedConversation | null {
  let raw: string | null;
  try {
    raw = storage().getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let value: Partial<SavedConversation> | null = null;
  try {
    value = JSON.parse(raw) as Partial<SavedConversation>;
  } catch {
    // Unreadable: dropped below.
  }
  const drop = (why: string | null) => {
    if (why) console.warn(`${LOG_PREFIX} a kept conversation was dropped: ${why}`);
    forgetConversation(storage, key);
    return null;
  };
  if (!value || value.v !== 1 || typeof value.updatedAt !== 'number' || !Array.isArray(value.turns))
    return drop('unreadable');
  if (now - value.updatedAt > CONVERSATION_KEEP_MS) return drop(null);
  const turns = value.turns.map(turnOf);
  if (!turns.every((turn) => turn)) return drop('a malformed turn');
  const kept = value.call === undefined ? undefined : callOf(value.call, roomHosts);
  if (typeof kept === 'string') return drop(kept);
  // A call the page left too long ago (or in the future) is over: left out, the turns stay.
  const call = kept && now - kept.leftAt <= CALL_KEEP_MS && kept.leftAt <= now ? kept : undefined;
  return {
    v: 1,
    updatedAt: value.updatedAt,
    turns: turns as SavedTurn[],
    ...(isText(value.sessionId) && value.sessionId && { sessionId: value.sessionId }),
    ...(call && { call }),
    ...(isText(value.page) && { page: value.page }),
  };
}

/** Writes the entry (the newest `SAVED_TURN_LIMIT` turns); `false` when storage refused it. */
export function writeConversation(storage: StorageSource, key: string, entry: Omit<SavedConversation, 'v'>): boolean {
  try {
    storage().setItem(key, JSON.stringify({ ...entry, v: 1, turns: entry.turns.slice(-SAVED_TURN_LIMIT) }));
    return true;
  } catch {
    return false;
  }
}

/** Removes the entry (hang-up, call ended, consent declined, `persist` off). */
export function forgetConversation(storage: StorageSource, key: string): void {
  try {
    storage().removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

/** Whether this tab keeps any conversation (the card then loads what gives it back). Never throws. */
export function keptAny(storage: () => Storage): boolean {
  try {
    return Object.keys(storage()).some((name) => name.startsWith(STORAGE_PREFIX));
  } catch {
    return false;
  }
}

/** The part of a web call a rejoin needs, as kept. */
export function savedCallOf(call: WebCall, connectedAt: number, leftAt: number): SavedCall {
  const provider = call.assistant?.voice?.provider;
  return {
    id: call.id,
    webCallUrl: call.webCallUrl,
    connectedAt,
    leftAt,
    ...(call.artifactPlan?.videoRecordingEnabled !== undefined && {
      videoRecordingEnabled: !!call.artifactPlan.videoRecordingEnabled,
    }),
    ...(isText(provider) && { voiceProvider: provider }),
  };
}

/** The web call a rejoin passes to `VoiceClient.reconnect` (the fields the reference client reads). */
export function webCallOf(saved: SavedCall): WebCall {
  return {
    id: saved.id,
    webCallUrl: saved.webCallUrl,
    ...(saved.videoRecordingEnabled !== undefined && {
      artifactPlan: { videoRecordingEnabled: saved.videoRecordingEnabled },
    }),
    ...(saved.voiceProvider && { assistant: { voice: { provider: saved.voiceProvider } } }),
  };
}
