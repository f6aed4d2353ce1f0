/**
 * `<ringwise-voice-call>` in TSX: the element's props in React 19's `JSX.IntrinsicElements` (by module
 * augmentation, so `import '@ringwise/voice-widget/element'` is all an app needs).
 *
 * Self-contained on purpose: nothing here names a React type, so the declarations still type-check
 * (with `skipLibCheck: false`) in an app without `@types/react`, where the augmentation is inert.
 *
 * How React 19 passes these props to a custom element (react-dom `setPropOnCustomElement`): a name
 * the element has as a property (`target`, `labels`, `clientTools`… once the element is defined) is
 * assigned; any other is an attribute, `true` as `""` and `false`/`undefined` as no attribute; a
 * prop `on<event>` with a function is `addEventListener('<event>', fn)`.
 */
import type { AnalyticsSink } from '../analytics/stream.ts';
import type { InputMode } from '../conversation/push-to-talk.ts';
import type { VoiceCallElement } from '../element/element-types.ts';
import type { MODES, OptionAttribute, Preload, WidgetPosition, WidgetTheme } from '../element/options.ts';
import type { EVENT_DOCS } from './reference.ts';

/** An attribute that is on when present: `true` or `""` (`false` writes no attribute). */
type Presence = boolean | '';

/**
 * The value each option attribute takes (the texts are in `OPTION_DOCS`, docs/reference.ts).
 * Indexed by `OptionAttribute` below, so a new attribute does not compile until it is typed here.
 */
interface OptionValues {
  'public-key': string;
  'assistant-id': string;
  'squad-id': string;
  'workflow-id': string;
  'api-base-url': string;
  mode: (typeof MODES)[number];
  position: WidgetPosition;
  expanded: Presence;
  dismissible: Presence;
  theme: WidgetTheme;
  locale: string;
  title: string;
  'avatar-url': string;
  transcript: Presence;
  'consent-required': Presence;
  'consent-title': string;
  'consent-content': string;
  'consent-storage-key': string;
  nonce: string;
  /** A JSON object, as text: `JSON.stringify({ firstMessage: 'Hi!' })`. */
  'assistant-overrides': string;
  'bundle-path-override': string;
  /** On when present and not `"false"` (the element's default is off). */
  persist: Presence | 'false';
  /** On unless `"false"` (`false` would only remove the attribute, which is on: write `"false"`). */
  'page-context': true | '' | 'false';
  preload: Preload;
  analytics: AnalyticsSink;
  'analytics-callback': string;
  'analytics-content': Presence;
  input: InputMode;
  nudge: string;
  'nudge-delay': number | `${number}`;
  'debug-latency': Presence;
  'transcript-endpoint': string;
}

/** Compiles only when `T` is `never`: below, when `OptionValues` types no name that is not an option attribute. */
type Never<T extends never> = T;
type _OnlyOptions = Never<Exclude<keyof OptionValues, OptionAttribute>>;

/** Every option attribute of `<ringwise-voice-call>`, typed. */
export type VoiceCallAttributes = { [A in OptionAttribute]?: OptionValues[A] } & {
  /** One variable for the assistant's `{{placeholders}}`: `variable-first_name="Ada"`. */
  [variable: `variable-${string}`]: string | undefined;
  /** One label text over the locale's: `label-start-call="Call us"`. */
  [label: `label-${string}`]: string | undefined;
};

/** The element's DOM events (`ringwise-` + a name in `EVENT_DOCS`). */
export type VoiceCallEventName = `ringwise-${keyof typeof EVENT_DOCS}`;

/** `on<event>` props: React 19 adds them with `addEventListener`, so they get the DOM event. */
export type VoiceCallEventProps = {
  [E in VoiceCallEventName as `on${E}`]?: (
    event: E extends keyof HTMLElementEventMap ? HTMLElementEventMap[E] : CustomEvent<unknown>,
  ) => void;
};

/**
 * `style`: the theming custom properties (`--ringwise-accent`…) next to the usual ones (camelCase
 * names, as React takes them). Not React's `CSSProperties`, which this file must not name.
 */
export type VoiceCallStyle = { [property: string]: string | number | undefined };

/** The element's props in JSX: its attributes, properties, events and the common HTML ones. */
export interface VoiceCallJsxProps
  extends
    VoiceCallAttributes,
    VoiceCallEventProps,
    Partial<Pick<VoiceCallElement, 'labels' | 'target' | 'clientTools' | 'dailyConfig' | 'analyticsCallback'>> {
  ref?: { current: VoiceCallElement | null } | ((element: VoiceCallElement | null) => void | (() => void)) | null;
  children?: unknown;
  className?: string;
  id?: string;
  slot?: string;
  hidden?: boolean;
  lang?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
  style?: VoiceCallStyle;
  suppressHydrationWarning?: boolean;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'ringwise-voice-call': VoiceCallJsxProps;
    }
  }
}
