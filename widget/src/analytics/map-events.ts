/**
 * The analytics stream's one mapping: the element's `ringwise-*` DOM events (by their name without
 * the prefix, with their `detail`) to the analytics events site owners receive (`ringwise_open`,
 * `ringwise_call_start`…). Pure: no DOM, no clock of its own (the caller passes `now`), so each
 * event's fields are tested exactly. Message text, comments and error messages leave only when
 * the owner opts in (`content`); nothing personal leaves otherwise.
 */

/** The analytics events, in the order of a visit. The README's table documents each one's fields. */
export const ANALYTICS_EVENTS = [
  'ringwise_open',
  'ringwise_call_start',
  'ringwise_call_end',
  'ringwise_chat_message',
  'ringwise_error',
  'ringwise_feedback',
  'ringwise_consent',
  'ringwise_interrupt',
  'ringwise_quality',
] as const;

/** One analytics event name. */
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** Who ended a call (`ringwise_call_end`'s `ended_by`). */
export type EndedBy = 'visitor' | 'assistant' | 'platform' | 'error';

/** The fields of each analytics event (without content: what always leaves). */
export interface AnalyticsFields {
  ringwise_open: Record<string, never>;
  ringwise_call_start: Record<string, never>;
  /**
   * Whole seconds from the call's start to its end, and who ended it; the latency the visitor heard
   * (the call's last `latency` figures, milliseconds), each only when it was measured.
   */
  ringwise_call_end: {
    duration_s: number;
    ended_by: EndedBy;
    first_audio_ms?: number;
    turn_latency_p50_ms?: number;
    turn_latency_p95_ms?: number;
  };
  /** How many messages the visitor typed on this page so far (this one included); `text` with content. */
  ringwise_chat_message: { count: number; text?: string };
  /** The problem's stable kind (`mic-permission-denied`, `network-error`…); `message` with content. */
  ringwise_error: { cause: string; message?: string };
  /** The rating as the feedback control gave it; `comment` with content. */
  ringwise_feedback: { rating: string | number; comment?: string };
  /** `accepted` or `declined`. */
  ringwise_consent: { decision: string };
  /** The visitor stopped the assistant mid-turn: `stop` (the Stop control) or `voice` (spoke over it). */
  ringwise_interrupt: { by: string };
  /** The call's quality changed: its `level` (good, poor, bad) and `reason` (microphone, network…). */
  ringwise_quality: { level: string; reason: string };
}

/** One analytics event: its name and its fields. */
export interface AnalyticsEvent<K extends AnalyticsEventName = AnalyticsEventName> {
  name: K;
  fields: AnalyticsFields[K];
}

/** Options of `createAnalyticsMapper`. */
export interface MapperOptions {
  /** Pass message text, comments and error messages on (`analytics-content`). @default false */
  content?: boolean;
  /** The clock, in milliseconds. */
  now: () => number;
}

/** Maps DOM events to analytics events; `flush` hands over a call end held for its reason. */
export interface AnalyticsMapper {
  /**
   * Takes one DOM event (`open`, `call-start`, `error`… without `ringwise-`) and returns the
   * analytics events it makes (none for most). A `call-end` is held until `flush()`, since its
   * reason (the ended status, a fatal error) arrives in the same task just after it.
   */
  map(event: string, detail: unknown): AnalyticsEvent[];
  /** The held call end, if any (call it once the current task's events are in). */
  flush(): AnalyticsEvent[];
}

type Record_ = Record<string, unknown>;
const record = (value: unknown): Record_ => (value && typeof value === 'object' ? (value as Record_) : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Who ended the call, from the platform's `endedReason` (`customer-ended-call`, `assistant-ended-call`…). */
function endedByReason(reason: string): EndedBy {
  if (reason.startsWith('customer')) return 'visitor';
  if (reason.startsWith('assistant')) return 'assistant';
  return 'platform';
}

/** The `latency` event's figures → `ringwise_call_end`'s fields. */
const LATENCY_FIELDS = [
  ['firstAudioMs', 'first_audio_ms'],
  ['turnLatencyP50Ms', 'turn_latency_p50_ms'],
  ['turnLatencyP95Ms', 'turn_latency_p95_ms'],
] as const;

/** Creates a mapper for one element (it counts messages and times calls for that element). */
export function createAnalyticsMapper({ content = false, now }: MapperOptions): AnalyticsMapper {
  let startedAt: number | null = null;
  let messages = 0;
  /** A call end waiting for its reason. */
  let ended: { at: number; by: EndedBy | null } | null = null;
  /** The reason seen during the call (an ended status may come before the end). */
  let reason: EndedBy | null = null;
  /** The call's latency figures as analytics fields (from its last `latency` event). */
  let latency: Record<string, number> = {};
  const event = <K extends AnalyticsEventName>(name: K, fields: AnalyticsFields[K]): AnalyticsEvent => ({
    name,
    fields,
  });
  // Optional fields are left out, not set to undefined, so each event has exactly its fields.
  const withContent = <T extends object>(fields: T, key: string, value: string | undefined): T =>
    content && value !== undefined ? { ...fields, [key]: value } : fields;

  const flush = (): AnalyticsEvent[] => {
    if (!ended) return [];
    const duration_s = startedAt === null ? 0 : Math.max(0, Math.round((ended.at - startedAt) / 1000));
    // No reason from the platform and no error: the call ended from this page (hang-up, page closing).
    const out = [event('ringwise_call_end', { duration_s, ended_by: ended.by ?? reason ?? 'visitor', ...latency })];
    ended = null;
    startedAt = null;
    reason = null;
    latency = {};
    return out;
  };

  return {
    flush,
    map(name, detail) {
      const d = record(detail);
      switch (name) {
        case 'open':
          return [event('ringwise_open', {})];
        case 'call-start': {
          const held = flush();
          startedAt = now();
          return [...held, event('ringwise_call_start', {})];
        }
        case 'call-end':
          ended = { at: now(), by: null };
          return [];
        case 'latency':
          latency = {};
          for (const [from, to] of LATENCY_FIELDS) if (typeof d[from] === 'number') latency[to] = d[from];
          return [];
        case 'message':
          // The platform's ended status names who ended the call (also the one the core adds on a local hang-up).
          if (d.type === 'status-update' && d.status === 'ended' && typeof d.endedReason === 'string') {
            const by = endedByReason(d.endedReason);
            if (ended) ended.by ??= by;
            else if (startedAt !== null) reason = by;
          }
          return [];
        case 'chat-request':
          return [event('ringwise_chat_message', withContent({ count: ++messages }, 'text', text(d.input)))];
        case 'error': {
          const cause = text(d.type) ?? text(d.name) ?? 'unknown';
          if (ended && startedAt !== null) ended.by = 'error';
          return [event('ringwise_error', withContent({ cause }, 'message', text(d.message)))];
        }
        case 'feedback': {
          const rating = typeof d.rating === 'number' || typeof d.rating === 'string' ? d.rating : String(d.rating);
          return [event('ringwise_feedback', withContent({ rating }, 'comment', text(d.comment)))];
        }
        case 'consent':
          return [event('ringwise_consent', { decision: text(d.decision) ?? 'unknown' })];
        case 'interrupt':
          return [event('ringwise_interrupt', { by: text(d.by) ?? 'unknown' })];
        case 'quality':
          return [
            event('ringwise_quality', { level: text(d.level) ?? 'unknown', reason: text(d.reason) ?? 'unknown' }),
          ];
        default:
          return [];
      }
    },
  };
}
