/**
 * The script-tag build's replacement for `core/daily-module.ts` (build.ts swaps it in for the voice
 * engine file): the Daily adapter comes as the daily file, loaded as a classic script by the page's
 * widget loader (`window.RingwiseVoice.load`, script-loader.ts), which also diagnoses a failure.
 */
import type { DailyModule } from '../core/daily-module.ts';
import type { ChunkRegistry } from './script-loader.ts';

export type { DailyModule };

/** Loads the daily file through the page's widget loader. */
export function loadDailyModule(): Promise<DailyModule> {
  const registry = (globalThis as { RingwiseVoice?: Partial<ChunkRegistry> }).RingwiseVoice;
  return registry?.load ? registry.load('daily') : Promise.reject(new Error('The widget loader (voice-widget.js) is not on this page.'));
}
