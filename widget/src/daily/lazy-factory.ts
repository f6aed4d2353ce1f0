/**
 * Daily's call factory over an injected loader of the adapter module (`index.ts`, daily-js
 * inside): the `LoadCallFactory` port the core's `VoiceClient` takes (floating-ui's way: the core
 * takes a platform, the entries supply it). The package brings the module with `import()`
 * (default-client.ts); the script-tag engine file asks the page's widget loader for the daily file
 * (chunks/entries/voice-engine.ts). Imports the adapter as a type only, so no build pulls it in.
 */
import type { LoadCallFactory } from '../core/call-port.ts';
import type * as DailyAdapter from './index.ts';

/** The Daily adapter module (`index.ts`): what its loader resolves to. */
export type DailyModule = typeof DailyAdapter;

/** Loads the Daily adapter module; may reject (offline, blocked, 404), and is asked again on the next start. */
export type LoadDailyModule = () => Promise<DailyModule>;

/** Daily's call factory for `dailyConfig`, from the module `load` brings when a call starts or on `preload()`. */
export const lazyDailyFactory =
  (load: LoadDailyModule): LoadCallFactory =>
  (config) =>
    load().then((module) => module.createDailyCallFactory(config));
