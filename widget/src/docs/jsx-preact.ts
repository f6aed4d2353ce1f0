/**
 * `<ringwise-voice-call>` in Preact's TSX (`jsxImportSource: "preact"`): the same props as React's
 * (docs/jsx.ts, keyed from the one options reference), in Preact's `JSX.IntrinsicElements` by module
 * augmentation, so `import '@ringwise/voice-widget/element'` is all an app needs. Inert in an app
 * without Preact, as the React augmentation is without React.
 *
 * How Preact passes them to a custom element (its `setProperty`): a name the element has as a
 * property is assigned, any other is an attribute (`true` as `"true"`, which the element reads as
 * on, like `""`; `false` as no attribute); `on<event>` with a function is
 * `addEventListener('<event>', fn)`; `style` takes a string or an object whose `--ringwise-*` names
 * are set with `setProperty`.
 */
import type { VoiceCallJsxProps, VoiceCallStyle } from './jsx.ts';

/** The element's props in Preact's JSX: React's (docs/jsx.ts), with `class`, and `style` as a string too. */
export interface VoiceCallPreactProps extends Omit<VoiceCallJsxProps, 'style' | 'suppressHydrationWarning'> {
  /** Preact takes `class` as well as `className`. */
  class?: string;
  style?: VoiceCallStyle | string;
}

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'ringwise-voice-call': VoiceCallPreactProps;
    }
  }
}
