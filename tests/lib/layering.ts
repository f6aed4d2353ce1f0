/**
 * The layering rule table: which folder of `widget/src` may import which, which packages each may
 * use, and the rules outside the widget (`server/` never imports `site/`; the bench and the site
 * reach the widget through its package entries, never `widget/src/*` or `tests/*`).
 *
 * Layers point one way, by rank: entries (root) → chunks, docs → nudge → element / card / react /
 * vapi → continuity → ports → conversation → i18n / daily / analytics → core → api. A folder of
 * `widget/src` with no row here is itself a violation, so a new folder has to say where it sits.
 */
import { packageName, type ImportEdge } from './import-graph.ts';

/**
 * What one folder of `widget/src` may import: its rank, the lower folders it may use, and packages.
 * Folders are ordered: an import of a folder with an equal or higher rank fails (imports within a
 * folder aside), so no two folders import each other; `folders` narrows that further (the core
 * never reaches the view model, the hook never the element or the card…).
 */
export interface FolderRule {
  /** The folder's place in the order: it imports only folders of a lower rank. */
  readonly rank: number;
  readonly folders: readonly string[];
  readonly packages?: readonly string[];
  /** Why the folder sits where it does (shown when a rule is broken). */
  readonly why: string;
}

/** `(root)` is the files directly in `widget/src` (the package entries). Listed from the bottom up. */
export const WIDGET_RULES: Readonly<Record<string, FolderRule>> = {
  webhook: { rank: 0, folders: [], why: 'the receivers’ verifyWebhook entry: Web Crypto only, nothing of the widget' },
  api: {
    rank: 0,
    folders: [],
    why: 'the HTTP client is dependency-free: the loader bundles it alone and the core imports it',
  },
  core: {
    rank: 1,
    folders: ['api'],
    why: 'the framework-free clients: no package, no Daily adapter (it is supplied by the caller)',
  },
  daily: {
    rank: 2,
    folders: ['core'],
    packages: ['@daily-co/daily-js'],
    why: 'the only daily-js importer; implements the core call port',
  },
  i18n: { rank: 2, folders: ['core'], why: 'labels: plain data typed by the core’s facts (start stages)' },
  analytics: {
    rank: 2,
    folders: ['core'],
    why: 'the analytics stream: a pure mapping of DOM events and its sinks, its own lazy file (the console prefix from core/log.ts)',
  },
  conversation: {
    rank: 3,
    folders: ['core', 'api', 'i18n'],
    why: 'the framework-free view model element, card and react share',
  },
  ports: {
    rank: 4,
    folders: ['core', 'api', 'conversation', 'i18n', 'daily', 'analytics'],
    why: 'the ports between the loader, the card and the files it loads (types and the files’ names): below all of them',
  },
  continuity: {
    rank: 5,
    folders: ['core', 'api', 'conversation', 'ports'],
    why: 'what a tab keeps of a conversation (the keep file and the card’s side of it), over the view model’s port',
  },
  card: {
    rank: 6,
    folders: ['conversation', 'core', 'api', 'i18n', 'ports', 'continuity'],
    why: 'the card file: loaded by the element through the card port, never imports the element',
  },
  element: {
    rank: 6,
    folders: ['conversation', 'core', 'api', 'i18n', 'ports', 'continuity'],
    why: 'only what the loader ships: the element, its options, the launcher, the script loader',
  },
  react: {
    rank: 6,
    folders: ['core', 'api', 'conversation', 'i18n'],
    packages: ['react'],
    why: 'the hook binds the view model; never the element or the card',
  },
  vapi: {
    rank: 6,
    folders: ['core', 'api', 'daily'],
    packages: ['@vapi-ai/web'],
    why: 'the @vapi-ai/web drop-in entry: the core plus the Daily adapter it supplies (an entry may), nothing of the UI; the reference’s DTO types (copied into dist by the build)',
  },
  nudge: {
    rank: 7,
    folders: ['element', 'ports'],
    why: 'the nudge bubble: the element’s own lazy file (its stylesheet helper), given the rest by the element',
  },
  chunks: {
    rank: 8,
    folders: [
      'core',
      'api',
      'conversation',
      'i18n',
      'ports',
      'continuity',
      'card',
      'element',
      'daily',
      'analytics',
      'nudge',
    ],
    why: 'the entries of the files the loader loads, and the bundlers’ module table',
  },
  docs: {
    rank: 8,
    folders: ['element', 'i18n', 'conversation', 'core', 'api', 'analytics'],
    why: 'reference data read from the owners (options, labels, events, the analytics sinks) and the TSX types made of it',
  },
  testing: {
    rank: 7,
    folders: ['core', 'api', 'conversation', 'ports'],
    why: 'the `/testing` entry: scripted clients over the core’s shell, typed by the ports they stand in for; no UI',
  },
  '(root)': {
    rank: 9,
    folders: [
      'api',
      'core',
      'daily',
      'i18n',
      'conversation',
      'ports',
      'continuity',
      'chunks',
      'card',
      'element',
      'react',
      'vapi',
      'docs',
      'analytics',
      'nudge',
    ],
    why: 'the package entries',
  },
};

/** Repository folders that must not be imported from a given repository folder. */
export const REPO_RULES: readonly {
  readonly from: string;
  readonly forbidden: readonly string[];
  readonly why: string;
}[] = [
  {
    from: 'server/',
    forbidden: ['site/'],
    why: 'the server serves the built site; shared facts live in a neutral folder',
  },
  {
    from: 'bench/',
    forbidden: ['widget/src/', 'tests/'],
    why: 'the bench measures what ships: package entries and shared fixtures',
  },
  { from: 'site/', forbidden: ['widget/src/', 'tests/'], why: 'the site is a consumer of the package entries' },
  {
    from: 'fixtures/',
    forbidden: ['tests/', 'bench/', 'site/', 'server/'],
    why: 'fixtures shared by the tests and the bench stand alone',
  },
];

const WIDGET_SRC = 'widget/src/';

/** The folder of a `widget/src` file (`core`, `(root)` for the entries), or `null` outside it. */
export function widgetFolder(path: string): string | null {
  if (!path.startsWith(WIDGET_SRC)) return null;
  const rest = path.slice(WIDGET_SRC.length);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : '(root)';
}

/** One broken rule, as `from → to` (the target file, or the package), and the rule's reason. */
export interface Violation {
  readonly edge: string;
  readonly why: string;
}

/** Every edge that breaks a rule of the table (`rules`: the widget's, or a test's own). */
export function violations(
  edges: readonly ImportEdge[],
  rules: Readonly<Record<string, FolderRule>> = WIDGET_RULES,
): Violation[] {
  const found: Violation[] = [];
  for (const edge of edges) {
    const target = edge.to ?? packageName(edge.specifier);
    const label = `${edge.from} → ${target}`;
    const folder = widgetFolder(edge.from);
    if (folder !== null) {
      const rule = rules[folder];
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
      else if (targetFolder !== folder && !rule.folders.includes(targetFolder))
        found.push({ edge: label, why: `${folder}: ${rule.why}` });
      else if (targetFolder !== folder && (rules[targetFolder]?.rank ?? Infinity) >= rule.rank) {
        found.push({
          edge: label,
          why: `${folder} (rank ${rule.rank}) imports ${targetFolder} (rank ${rules[targetFolder]?.rank}): only lower ranks`,
        });
      }
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
