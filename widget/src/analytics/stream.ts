/**
 * The analytics stream of one element (its own lazily loaded file, `voice-widget-analytics.js`):
 * takes the element's DOM events, maps them (`map-events.ts`) and hands each analytics event to
 * the owner's sink:
 * - `datalayer`: `window.dataLayer.push({ event: name, ...fields })` (Google Tag Manager / GA4),
 *   the array created when the page has none;
 * - `callback`: the function the host registered, called as `fn(name, fields)`: the element's
 *   `analyticsCallback` property, else the global the `analytics-callback` attribute names
 *   (`track`, `posthog.capture`, `analytics.track`: called on its object). Until one exists the
 *   events wait (at most `MAX_WAITING`), so a tag manager that loads after the widget misses nothing.
 * A sink that throws is logged and never breaks the widget.
 */
import {
  createAnalyticsMapper,
  type AnalyticsEvent,
  type AnalyticsFields,
  type AnalyticsEventName,
} from './map-events.ts';
import { LOG_PREFIX } from '../core/log.ts';

export { ANALYTICS_EVENTS, createAnalyticsMapper } from './map-events.ts';
export type { AnalyticsEvent, AnalyticsEventName, AnalyticsFields, EndedBy } from './map-events.ts';

/** Where the events go (`analytics` attribute). */
export type AnalyticsSink = 'datalayer' | 'callback';

/** A host's analytics function: `(name, fields)`, e.g. Segment's `analytics.track` or PostHog's `capture`. */
export type AnalyticsCallback = <K extends AnalyticsEventName>(name: K, fields: AnalyticsFields[K]) => unknown;

/** Events kept while a `callback` sink has no function yet; older ones are dropped beyond it. */
export const MAX_WAITING = 100;

/** What the stream reads from its element: the sink and the function at each event (so changes apply at once), `content` once. */
export interface StreamHost {
  /** `datalayer` or `callback` (anything else: nothing is sent). */
  sink(): string | null;
  /** Whether `analytics-content` is set. */
  content(): boolean;
  /** The `analyticsCallback` property. */
  callback(): unknown;
  /** The `analytics-callback` attribute: a global function's name, dotted paths allowed. */
  callbackName(): string | null;
  /** The page's global object (`window`). */
  readonly global: Record<string, unknown>;
  /** The clock, in milliseconds. @default Date.now */
  now?: () => number;
  /** Runs `task` once the current task's events are in. @default queueMicrotask */
  later?: (task: () => void) => void;
}

/** Resolves `a.b.c` on `root` to a function and the object to call it on. */
function globalFunction(root: Record<string, unknown>, path: string): ((...args: unknown[]) => unknown) | null {
  let owner: unknown = root;
  let value: unknown = root;
  for (const key of path.split('.')) {
    owner = value;
    value =
      value && (typeof value === 'object' || typeof value === 'function')
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(owner) : null;
}

/** What the analytics file exports (`WidgetModules.analytics`). */
export interface AnalyticsModule {
  attachAnalytics: typeof attachAnalytics;
}

/** The element as the stream reads it: its attributes and the `analyticsCallback` property. */
export type AnalyticsElement = HTMLElement & { analyticsCallback?: unknown };

/**
 * The stream of one `<ringwise-voice-call>`: `analytics` picks the sink, `analytics-callback` the
 * global function, `analytics-content` the content; the page's `window` is the global object.
 * Returns what the element calls with each of its events (name without `ringwise-`, detail).
 * @param early The element's events from before this file was in (the first open…), sent first.
 */
export function attachAnalytics(
  element: AnalyticsElement,
  early: readonly [string, unknown][] = [],
): (event: string, detail: unknown) => void {
  const attr = (name: string) => element.getAttribute(name);
  const send = createAnalyticsStream({
    sink: () => attr('analytics'),
    content: () => attr('analytics-content') !== null && attr('analytics-content') !== 'false',
    callback: () => element.analyticsCallback,
    callbackName: () => attr('analytics-callback'),
    global: (element.ownerDocument.defaultView ?? globalThis) as unknown as Record<string, unknown>,
  });
  for (const [event, detail] of early) send(event, detail);
  return send;
}

/** Creates the stream; returns the function the element calls with each DOM event (without `ringwise-`). */
export function createAnalyticsStream(host: StreamHost): (event: string, detail: unknown) => void {
  const mapper = createAnalyticsMapper({ content: host.content(), now: host.now ?? Date.now });
  const later = host.later ?? queueMicrotask;
  const waiting: AnalyticsEvent[] = [];
  const target = (): ((event: AnalyticsEvent) => void) | null => {
    const sink = host.sink();
    if (sink === 'datalayer') {
      const layer = (host.global.dataLayer ??= []) as { push(entry: object): unknown };
      return ({ name, fields }) => layer.push({ event: name, ...fields });
    }
    if (sink !== 'callback') return null;
    const property = host.callback();
    const name = host.callbackName();
    const fn = typeof property === 'function' ? property : name ? globalFunction(host.global, name) : null;
    return fn && (({ name: event, fields }) => fn(event, fields));
  };
  const send = (events: AnalyticsEvent[]) => {
    if (!events.length && !waiting.length) return;
    waiting.push(...events);
    const deliver = target();
    if (!deliver) {
      waiting.splice(0, Math.max(0, waiting.length - MAX_WAITING));
      return;
    }
    for (const event of waiting.splice(0)) {
      try {
        deliver(event);
      } catch (error) {
        console.error(`${LOG_PREFIX} analytics`, error);
      }
    }
  };
  return (event, detail) => {
    try {
      send(mapper.map(event, detail));
      if (event === 'call-end') later(() => send(mapper.flush()));
    } catch (error) {
      console.error(`${LOG_PREFIX} analytics`, error);
    }
  };
}
