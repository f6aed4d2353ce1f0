/**
 * `@ringwise/voice-widget` and its entries (`/core`, `/element`, `/react`, `/api`, `/testing`)
 * resolve to the widget's TypeScript sources inside this repository's own builds and tests (Astro,
 * Vitest), so the site imports the package by its public name without building `widget/dist`
 * first, and edits to the widget reach the dev server at once. Outside Vite (plain Node: Playwright specs)
 * the name resolves through the workspace link to the built `widget/dist`, as for any consumer.
 * TypeScript gets the same mapping from `paths` in tsconfig.json.
 */
import { fileURLToPath } from 'node:url';

const source = (entry: string) => fileURLToPath(new URL(`../../widget/src/${entry}`, import.meta.url));

/** Vite `resolve.alias` entries: exact package and entry names only (not `/cdn/*`). */
export const widgetSourceAlias = [
  { find: /^@ringwise\/voice-widget$/, replacement: source('index.ts') },
  // Not in the package's exports map: what the site and tests need that is not public API.
  { find: /^@ringwise\/voice-widget\/internal$/, replacement: source('internal.ts') },
  // The entries core, element and react are files in src/ (each folder holds only its layer).
  { find: /^@ringwise\/voice-widget\/(core|element|react)$/, replacement: source('$1.ts') },
  { find: /^@ringwise\/voice-widget\/api$/, replacement: source('api/index.ts') },
  { find: /^@ringwise\/voice-widget\/testing$/, replacement: source('testing/index.ts') },
];
