/**
 * What this repository's site, bench and tests need from the widget beyond its public API: the
 * script-tag build's file names and the load diagnosis. NOT public API: it is in no `exports` entry
 * of package.json, so a consumer cannot import it; inside this repository
 * `@ringwise/voice-widget/internal` resolves here (Vite alias and tsconfig `paths`).
 */
export { DAILY_FILE, LOADER_FILE, MODULE_FILES } from './ports/manifest.ts';
export { type ChunkRegistry } from './element/script-loader.ts';
export { browserLoadContext, diagnoseLoad, type LoadContext, type LoadEvidence } from './conversation/load-failure.ts';
