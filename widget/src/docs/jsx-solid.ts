/**
 * `<ringwise-voice-call>` in Solid's TSX (`jsxImportSource: "solid-js"`): the same option types as
 * React's and Preact's (docs/jsx.ts, keyed from the one options reference), in Solid's
 * `JSX.IntrinsicElements` by module augmentation, so `import '@ringwise/voice-widget/element'` is all
 * an app needs. Inert in an app without Solid, as the React augmentation is without React.
 *
 * Typed in Solid's own namespaces, because of how Solid (dom-expressions) passes props to a custom
 * element: a value that is an expression is assigned as a property under its camelCase name
 * (`public-key={key}` sets `element.publicKey`, which the element does not read), so the options
 * are typed as `attr:<name>` (always `setAttribute`; values as the attribute's text). Events are
 * `on:ringwise-<name>` (`addEventListener` with the exact name); `labels`, `target`, `clientTools`,
 * `dailyConfig` and `analyticsCallback` are properties, plain or as `prop:<name>`; `style` takes a
 * string or an object whose `--ringwise-*` names are set with `setProperty`.
 */
import type { OptionAttribute } from '../element/options.ts';
import type { VoiceCallElement } from '../element/element-types.ts';
import type { VoiceCallAttributes, VoiceCallEventName, VoiceCallJsxProps, VoiceCallStyle } from './jsx.ts';

/** An attribute's value as its text: `true`/`false` have none (an on/off attribute is `""` when on). */
type AttributeText<V> = V extends string ? V : V extends number ? `${V}` : never;

/** The element's properties (objects and functions: never attributes). */
type VoiceCallProperties = Pick<
  VoiceCallElement,
  'labels' | 'target' | 'clientTools' | 'dailyConfig' | 'analyticsCallback'
>;

/** The element's props in Solid's JSX: its attributes as `attr:`, its events as `on:`, its properties. */
export type VoiceCallSolidProps = {
  [A in OptionAttribute as `attr:${A}`]?: AttributeText<NonNullable<VoiceCallAttributes[A]>>;
} & {
  /** One variable for the assistant's `{{placeholders}}`: `attr:variable-first_name="Ada"`. */
  [variable: `attr:variable-${string}`]: string | undefined;
  /** One label text over the locale's: `attr:label-start-call="Call us"`. */
  [label: `attr:label-${string}`]: string | undefined;
} & {
  [E in VoiceCallEventName as `on:${E}`]?: NonNullable<VoiceCallJsxProps[`on${E}`]>;
} & Partial<VoiceCallProperties> & {
    [P in keyof VoiceCallProperties as `prop:${P}`]?: VoiceCallProperties[P];
  } & {
    ref?: VoiceCallElement | ((element: VoiceCallElement) => void);
    children?: unknown;
    class?: string;
    classList?: Record<string, boolean | undefined>;
    id?: string;
    slot?: string;
    hidden?: boolean;
    lang?: string;
    dir?: 'ltr' | 'rtl' | 'auto';
    style?: VoiceCallStyle | string;
  };

declare module 'solid-js/jsx-runtime' {
  namespace JSX {
    interface IntrinsicElements {
      'ringwise-voice-call': VoiceCallSolidProps;
    }
  }
}
