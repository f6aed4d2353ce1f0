/**
 * The widget's one console voice. Every line the widget writes to the console starts with
 * `LOG_PREFIX`, the element's tag name, so a site owner reading the console of a page with
 * several scripts sees at once which lines are the widget's (and can filter on it). Call sites
 * write `console.error(`${LOG_PREFIX} …`, detail)`: a constant rather than a wrapper function, so
 * the loader pays no bytes for it and a message built once (a load failure's) can be both the
 * console line and the error's text. tests/unit/widget/core/log.test.ts reads every console
 * call of widget/src with the TypeScript compiler and fails on a line without this prefix.
 */

/** The prefix of every console line of the widget (the element's tag, then a colon). */
export const LOG_PREFIX = 'ringwise-voice-call:';
