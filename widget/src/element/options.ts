/**
 * The element's options: its tag, its DOM events' prefix, every attribute it reads, the lists of
 * values some of them take (`as const`, with their types derived; the first value is the
 * default), and the readers the element uses. The one owner the docs (`reference.ts`) read.
 */
import { DEFAULT_API_BASE_URL } from '../api/constants.ts';
import type { WidgetMode } from '../ports/card-port.ts';

/** Tag name of the element. */
export const ELEMENT_NAME = 'ringwise-voice-call';

/** Prefix of the element's DOM events. */
export const EVENT_PREFIX = 'ringwise-';

/** The modes, the element's default first. */
export const MODES = ['voice', 'chat', 'hybrid'] as const satisfies readonly WidgetMode[];

/**
 * Where the launcher sits, the default first: `inline` (in the page's flow), or fixed at the
 * viewport's `vertical-horizontal` edges (`center`: centred between the sides). The stylesheet
 * matches the name's two halves (`[data-position^=top]`, `[data-position$=left]`), so a new
 * position is one entry here.
 */
export const POSITIONS = ['inline', 'bottom-right', 'bottom-left', 'bottom-center', 'top-right', 'top-left'] as const;

/** Where the launcher sits. */
export type WidgetPosition = (typeof POSITIONS)[number];

/**
 * What the element loads before the click (`preload`), the default first: `idle` fetches what
 * the mode's first action needs once the page has loaded, in idle time, at low priority (voice
 * and hybrid: the card, the voice engine and daily-js; chat: the card and the chat engine);
 * `intent` waits for a hover, focus or press; `none` loads at the click; `call` is `idle` and
 * also starts Daily's call machine on every page view (the owner's opt-in: its download and start
 * cost every visitor; without it the machine starts on intent, card-loading.ts). Visitors who ask
 * to save data, or on a 2G connection, get `intent` instead of `idle` or `call`.
 */
export const PRELOADS = ['idle', 'intent', 'none', 'call'] as const;

/** See `PRELOADS`. */
export type Preload = (typeof PRELOADS)[number];

/** The themes, the default first: `auto` follows the visitor's system setting. */
export const THEMES = ['light', 'dark', 'auto'] as const;

/** A theme. */
export type WidgetTheme = (typeof THEMES)[number];

/** Option attributes (texts come on top, as `label-*`). */
export const OPTION_ATTRIBUTES = [
  'public-key',
  'assistant-id',
  'squad-id',
  'workflow-id',
  'api-base-url',
  'mode',
  'position',
  'expanded',
  'dismissible',
  'theme',
  'locale',
  'title',
  'avatar-url',
  'transcript',
  'consent-required',
  'consent-title',
  'consent-content',
  'consent-storage-key',
  'nonce',
  'assistant-overrides',
  'bundle-path-override',
  'persist',
  'page-context',
  'preload',
  'analytics',
  'analytics-callback',
  'analytics-content',
  'input',
  'nudge',
  'nudge-delay',
  'debug-latency',
  'transcript-endpoint',
] as const;

/** An option attribute's name. */
export type OptionAttribute = (typeof OPTION_ATTRIBUTES)[number];

/**
 * The defaults of the attributes that take a value from a list (each its list's first, which the
 * readers fall back to; a test holds them together) or a URL: what the element does without them.
 * The reference (docs/reference.ts) shows these. Literals, so the loader drops this table.
 */
export const OPTION_DEFAULTS = {
  mode: 'voice',
  position: 'inline',
  theme: 'light',
  preload: 'idle',
  'api-base-url': DEFAULT_API_BASE_URL,
} as const satisfies {
  mode: WidgetMode;
  position: WidgetPosition;
  theme: WidgetTheme;
  preload: Preload;
  'api-base-url': string;
};

/** An attribute, trimmed; empty as undefined. */
export function attr(element: Element, name: OptionAttribute): string | undefined {
  return element.getAttribute(name)?.trim() || undefined;
}

/** `value` when it is one of `list`, else the list's first (its default). */
function oneOf<T extends string>(list: readonly T[], value: string | null | undefined): T {
  return list.includes(value as T) ? (value as T) : list[0]!;
}

/** The `mode` attribute (default `voice`). */
export function modeOf(element: Element): WidgetMode {
  return oneOf(MODES, element.getAttribute('mode'));
}

/** The `position` attribute (default `inline`). */
export function positionOf(element: Element): WidgetPosition {
  return oneOf(POSITIONS, attr(element, 'position'));
}

/** `persist` is on (present, not "false"): the conversation is kept for the tab. */
export function persistOf(element: Element): boolean {
  const value = element.getAttribute('persist');
  return value !== null && value.trim() !== 'false';
}

/**
 * `preload` (default `idle`), with the visitor's wish to save data (or a 2G connection) turning
 * `idle` and `call` into `intent`.
 */
export function preloadOf(element: Element): Preload {
  const chosen = oneOf(PRELOADS, attr(element, 'preload'));
  const connection = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  // `/2g/` reads slow-2g and 2g; no connection info (`undefined`) reads as neither.
  const warm = chosen == 'idle' || chosen == 'call';
  return !warm ? chosen : connection?.saveData || /2g/.test(connection?.effectiveType!) ? 'intent' : chosen;
}

/** The page's nonce for the element's styles: the element's, else its `nonce` attribute. */
export function nonceOf(element: HTMLElement): string {
  return element.nonce || attr(element, 'nonce') || '';
}
