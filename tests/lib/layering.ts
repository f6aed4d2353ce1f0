/**
 * The layering rule table: which folder of `widget/src` may import which, which packages each may
 * use, and the rules outside the widget (`server/` never imports `site/`; the bench and the site
 * reach the widget through its package entries, never `widget/src/*` or `tests/*`).
 *
 * Layers point one way: site → widget entries → element / card / react → conversation → core → api;
 * daily → core. A folder of `widget/src` with no row here is itself a violation, so a new folder
 * has to say where it sits.
 */
import { packageName, type ImportEdge } from './import-graph.ts';

/** What one folder of `widget/src` may import: sibling folders and packages. */
export interface FolderRule {
  readonly folders: readonly string[];
  readonly packages?: readonly string[];
  /** Why the folder sits where it does (shown when a rule is broken). */
  readonly why: string;
}

/** `(root)` is the files directly in `widget/src` (the package entries). */
export const WIDGET_RULES: Readonly<Record<string, FolderRule>> = {
  api: { folders: [], why: 'the HTTP client is dependency-free: the loader bundles it alone and the core imports it' },
  core: { folders: ['api'], why: 'the framework-free clients: no package, no Daily adapter (it is supplied by the caller)' },
  daily: { folders: ['core'], packages: ['@daily-co/daily-js'], why: 'the only daily-js importer; implements the core call port' },
  i18n: { folders: ['core'], why: 'labels: plain data typed by the core’s facts (start stages)' },
  conversation: { folders: ['core', 'api', 'i18n', 'chunks'], why: 'the framework-free view model element, card and react share' },
  chunks: { folders: ['core', 'api', 'conversation', 'i18n', 'card', 'daily', 'analytics', 'nudge'], why: 'the chunk manifest, the script loader and the chunk entries' },
  card: { folders: ['conversation', 'core', 'api', 'i18n', 'chunks'], why: 'the card file: loaded by the element through the chunk port, never imports the element' },
  element: { folders: ['conversation', 'core', 'api', 'i18n', 'chunks'], why: 'what the loader ships: the element, its options, the launcher' },
  react: { folders: ['core', 'api', 'conversation', 'i18n'], packages: ['react'], why: 'the hook binds the view model; never the element or the card' },
  vapi: { folders: ['core', 'api', 'daily'], packages: ['@vapi-ai/web'], why: 'the @vapi-ai/web drop-in entry: the core plus the Daily adapter it supplies (an entry may), nothing of the UI; the reference’s DTO types (copied into dist by the build)' },
  webhook: { folders: [], why: 'the receivers’ verifyWebhook entry: Web Crypto only, nothing of the widget' },
  analytics: { folders: ['core'], why: 'the analytics stream: a pure mapping of DOM events and its sinks, its own lazy file (the console prefix from core/log.ts)' },
  nudge: { folders: ['element'], why: 'the nudge bubble: the element’s own lazy file (its stylesheet helper), given the rest by the element' },
  docs: {
    folders: ['element', 'i18n', 'conversation', 'core', 'api', 'analytics'],
    why: 'reference data read from the owners (options, labels, events, the analytics sinks) and the TSX types made of it',
  },
  testing: {
    folders: ['core', 'api', 'conversation', 'chunks'],
    why: 'the `/testing` entry: scripted clients over the core’s shell, typed by the ports they stand in for; no UI',
  },
  '(root)': { folders: ['api', 'core', 'daily', 'i18n', 'conversation', 'chunks', 'card', 'element', 'react', 'vapi', 'docs', 'analytics', 'nudge'], why: 'the package entries' },
};

/** Repository folders that must not be imported from a given repository folder. */
export const REPO_RULES: readonly { readonly from: string; readonly forbidden: readonly string[]; readonly why: string }[] = [
  { from: 'server/', forbidden: ['site/'], why: 'the server serves the built site; shared facts live in a neutral folder' },
  { from: 'bench/', forbidden: ['widget/src/', 'tests/'], why: 'the bench measures what ships: package entries and shared fixtures' },
  { from: 'site/', forbidden: ['widget/src/', 'tests/'], why: 'the site is a consumer of the package entries' },
  { from: 'fixtures/', forbidden: ['tests/', 'bench/', 'site/', 'server/'], why: 'fixtures shared by the tests and the bench stand alone' },
];

const WIDGET_SRC = 'widget/src/';

/**
 * Entry files inside a folder that are judged as package entries: `/element` has always exported
 * the whole surface (`widget/src/public.ts`), and keeps its API; `/core` and `/react` supply the
 * defaults of what their folder takes as a port (floating-ui's way: the core takes the platform,
 * the entry supplies it): `/core` the core's `VoiceClient` its call factory (the Daily adapter),
 * so the core's own modules never import it; `/react` the hook its engines (the bundled engine
 * entries in chunks/), so the hook's own modules never import chunks/.
 */
export const ENTRY_FILES: readonly string[] = ['widget/src/element/index.ts', 'widget/src/core/index.ts', 'widget/src/react/index.ts'];

/** The folder of a `widget/src` file (`core`, `(root)` for the entries), or `null` outside it. */
export function widgetFolder(path: string): string | null {
  if (!path.startsWith(WIDGET_SRC)) return null;
  if (ENTRY_FILES.includes(path)) return '(root)';
  const rest = path.slice(WIDGET_SRC.length);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : '(root)';
}

/** One broken rule, as `from → to` (the target file, or the package), and the rule's reason. */
export interface Violation {
  readonly edge: string;
  readonly why: string;
}

/** Every edge that breaks a rule of the table. */
export function violations(edges: readonly ImportEdge[]): Violation[] {
  const found: Violation[] = [];
  for (const edge of edges) {
    const target = edge.to ?? packageName(edge.specifier);
    const label = `${edge.from} → ${target}`;
    const folder = widgetFolder(edge.from);
    if (folder !== null) {
      const rule = WIDGET_RULES[folder];
      if (!rule) {
        found.push({ edge: label, why: `widget/src/${folder} has no row in the rule table` });
        continue;
      }
      if (edge.to === null) {
        if (!(rule.packages ?? []).includes(target)) found.push({ edge: label, why: `${folder}: ${rule.why}` });
        continue;
      }
      const targetFolder = widgetFolder(edge.to);
      if (targetFolder === null) found.push({ edge: label, why: `${folder}: widget/src imports nothing outside it` });
      else if (targetFolder !== folder && !rule.folders.includes(targetFolder)) found.push({ edge: label, why: `${folder}: ${rule.why}` });
      continue;
    }
    if (edge.to === null) continue;
    for (const rule of REPO_RULES) {
      if (edge.from.startsWith(rule.from) && rule.forbidden.some((prefix) => edge.to!.startsWith(prefix))) {
        found.push({ edge: label, why: `${rule.from}: ${rule.why}` });
      }
    }
  }
  return found;
}
