/**
 * How the core reaches the Daily adapter (`src/daily`, daily-js inside): a lazy `import()`, so
 * daily-js is never part of the first load. The script-tag build swaps this module for
 * `element/daily-from-loader.ts` (build.ts), which loads the daily file as a classic script
 * through the widget's loader (no CORS needed on the host).
 */

/** Loads the Daily adapter module (a lazy chunk). */
export function loadDailyModule() {
  return import('../daily/index.ts');
}

/** The Daily adapter module. */
export type DailyModule = Awaited<ReturnType<typeof loadDailyModule>>;
