/**
 * JavaScript per route of the built site: what each HTML page makes the browser download and run.
 *
 * The rule (documented in BENCHMARKS.md):
 * - **eager** = what runs with no user action: every `<script src>` (classic or module), every
 *   inline `<script>` holding JavaScript (Astro's island runtime and directives), every
 *   `<link rel="modulepreload">`, and each `<astro-island>` whose directive does not wait for the
 *   visitor or the viewport (`client:load`, `client:idle`, `client:only`, the site's
 *   `client:afterpaint`, and any other custom directive): its component-url, renderer-url and
 *   before-hydration-url — each followed through its static `import` statements (not `import()`).
 * - **all islands** = eager plus the islands that wait for something (`client:visible`,
 *   `client:media`), followed the same way. Dynamic `import()` chunks (loaded on intent, e.g. the
 *   contact form's supabase-js or the call engine) are in neither.
 * Each file counts once per page, compressed on its own (as served); inline scripts count by their
 * own compressed size.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { listPages, parseHtmlFile, type BuiltPage } from './lib/html.ts';
import { addSizes, sizesOf, ZERO_SIZES, type Sizes } from './lib/size.ts';

/**
 * Astro client directives that wait for the viewport or a media query. Every other directive
 * (load, idle, only, afterpaint, any custom one) hydrates with no user action and counts as
 * eager, so a new directive can never hide JavaScript from the budget.
 */
export const WAITING_DIRECTIVES: ReadonlySet<string> = new Set(['visible', 'media']);

/** One `<astro-island>` of a page. */
export interface IslandInfo {
  /** Component name from the island's opts (e.g. 'Header'), or its component-url when absent. */
  name: string;
  /** Client directive: load, idle, visible, media, only. */
  client: string;
  /** The island's own module URLs (component, renderer, before-hydration), as written in the page. */
  urls: string[];
}

/** Scripts of one page under one rule. */
export interface ScriptSet {
  /** URL paths of the JavaScript files, sorted. */
  files: string[];
  /** Number of inline scripts counted. */
  inlineScripts: number;
  /** Their summed sizes (each file compressed on its own). */
  sizes: Sizes;
}

/** JavaScript of one route. */
export interface RouteJs {
  route: string;
  /** HTML file relative to dist/. */
  page: string;
  islands: IslandInfo[];
  eager: ScriptSet;
  all: ScriptSet;
  /** Referenced JS URLs that have no file in dist/ (a broken build). */
  missing: string[];
}

const JS_SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * Static imports of one JavaScript source, resolved to URL paths. Uses esbuild's parser (every
 * import marked external, so only this file is read); `import()` and bare specifiers are skipped.
 */
export async function staticImports(source: string, urlPath: string): Promise<string[]> {
  const found: string[] = [];
  await esbuild.build({
    stdin: { contents: source, loader: 'js', sourcefile: urlPath },
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'silent',
    plugins: [
      {
        name: 'record-imports',
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'import-statement' && /^(\.{0,2}\/)/.test(args.path)) {
              found.push(new URL(args.path, `http://site${urlPath}`).pathname);
            }
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return found;
}

/** Follows static imports from `entries` (URL paths) through files in `distDir`. */
export class ModuleGraph {
  readonly #distDir: string;
  readonly #imports = new Map<string, Promise<string[]>>();
  readonly #sizes = new Map<string, Sizes>();

  /** @param distDir the built site's root folder */
  constructor(distDir: string) {
    this.#distDir = distDir;
  }

  /** The file behind a URL path, or null when it does not exist. */
  fileOf(urlPath: string): string | null {
    const file = join(this.#distDir, decodeURIComponent(urlPath.split(/[?#]/)[0]!));
    return existsSync(file) ? file : null;
  }

  /** Raw, gzip and brotli sizes of the file at `urlPath` (cached; zero when it does not exist). */
  sizesOf(urlPath: string): Sizes {
    let cached = this.#sizes.get(urlPath);
    if (!cached) {
      const file = this.fileOf(urlPath);
      cached = file ? sizesOf(readFileSync(file)) : ZERO_SIZES;
      this.#sizes.set(urlPath, cached);
    }
    return cached;
  }

  /** Static imports of the file at `urlPath` (cached). */
  importsOf(urlPath: string): Promise<string[]> {
    let cached = this.#imports.get(urlPath);
    if (!cached) {
      const file = this.fileOf(urlPath);
      cached = file ? staticImports(readFileSync(file, 'utf8'), urlPath) : Promise.resolve([]);
      this.#imports.set(urlPath, cached);
    }
    return cached;
  }

  /** Every URL path reachable from `entries` by static imports, entries included. */
  async closure(entries: Iterable<string>): Promise<Set<string>> {
    const seen = new Set<string>();
    const queue = [...entries];
    while (queue.length) {
      const next = queue.shift()!;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(...(await this.importsOf(next)));
    }
    return seen;
  }
}

/** Same-origin URL path of a script reference, or null for other origins. */
function sameOriginPath(ref: string, pageRoute: string): string | null {
  if (/^(https?:)?\/\//i.test(ref)) return null;
  return new URL(ref, `http://site${pageRoute}`).pathname;
}

/** Measures the JavaScript of one built page. */
export async function analyzePage(page: BuiltPage, graph: ModuleGraph): Promise<RouteJs> {
  const doc = parseHtmlFile(page.file);
  const eagerEntries: string[] = [];
  const deferredEntries: string[] = [];
  const inline: string[] = [];
  const inlineModuleImports: string[] = [];

  for (const script of doc.querySelectorAll('script')) {
    const type = (script.getAttribute('type') ?? '').trim().toLowerCase();
    if (!JS_SCRIPT_TYPES.has(type)) continue; // JSON-LD, templates, …
    const src = script.getAttribute('src');
    if (src) {
      const path = sameOriginPath(src, page.route);
      if (path) eagerEntries.push(path);
    } else if (script.textContent.trim()) {
      inline.push(script.textContent);
      if (type === 'module') inlineModuleImports.push(...(await staticImports(script.textContent, page.route)));
    }
  }
  for (const link of doc.querySelectorAll('link[rel~="modulepreload"][href]')) {
    const path = sameOriginPath(link.getAttribute('href')!, page.route);
    if (path) eagerEntries.push(path);
  }
  const islands: IslandInfo[] = [];
  for (const island of doc.querySelectorAll('astro-island')) {
    const urls = ['component-url', 'renderer-url', 'before-hydration-url']
      .map((a) => island.getAttribute(a))
      .filter((v): v is string => !!v);
    const client = island.getAttribute('client') ?? 'load';
    let name = island.getAttribute('component-url') ?? '?';
    try {
      const opts = JSON.parse(island.getAttribute('opts') ?? '{}') as { name?: string };
      if (opts.name) name = opts.name;
    } catch {
      // opts is Astro's own JSON; keep the URL as the name if it is ever unreadable.
    }
    islands.push({ name, client, urls });
    const paths = urls.map((u) => sameOriginPath(u, page.route)).filter((p): p is string => !!p);
    (WAITING_DIRECTIVES.has(client) ? deferredEntries : eagerEntries).push(...paths);
  }

  const eagerFiles = await graph.closure([...eagerEntries, ...inlineModuleImports]);
  const allFiles = await graph.closure([...eagerFiles, ...deferredEntries]);
  const inlineSizes = addSizes(...inline.map((s) => sizesOf(s)));
  const sizeOfFiles = (files: Set<string>): Sizes => addSizes(...[...files].map((p) => graph.sizesOf(p)));
  const missing = [...allFiles].filter((p) => !graph.fileOf(p)).sort();
  return {
    route: page.route,
    page: page.relPath,
    islands,
    eager: {
      files: [...eagerFiles].sort(),
      inlineScripts: inline.length,
      sizes: addSizes(sizeOfFiles(eagerFiles), inlineSizes),
    },
    all: {
      files: [...allFiles].sort(),
      inlineScripts: inline.length,
      sizes: addSizes(sizeOfFiles(allFiles), inlineSizes),
    },
    missing,
  };
}

/** Routes the bench reports: '/', every '/qa/*' guide and '/widget' (when built). */
export function isReportedRoute(route: string): boolean {
  return route === '/' || route.startsWith('/qa/') || route === '/widget';
}

/** Measures every reported route of the site built in `distDir`. */
export async function analyzeSite(
  distDir: string,
  filter: (route: string) => boolean = isReportedRoute,
): Promise<RouteJs[]> {
  const graph = new ModuleGraph(distDir);
  const out: RouteJs[] = [];
  for (const page of listPages(distDir)) if (filter(page.route)) out.push(await analyzePage(page, graph));
  return out;
}
