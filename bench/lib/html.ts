/**
 * Reading the built site: which HTML pages exist, which route each serves, and a DOM for each
 * (happy-dom's DOMParser, which never runs the page's scripts nor loads its resources).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Window } from 'happy-dom';

/** One built HTML page. */
export interface BuiltPage {
  /** URL path the static server answers with this file: '/', '/qa/ai-receptionist', '/404'. */
  route: string;
  /** Absolute path of the HTML file. */
  file: string;
  /** Path relative to the dist root, with forward slashes (for messages). */
  relPath: string;
}

/** Route served by an HTML file at `relPath` (forward slashes) inside dist/. */
export function routeOf(relPath: string): string {
  const p = relPath.split(sep).join('/');
  if (p === 'index.html') return '/';
  if (p.endsWith('/index.html')) return '/' + p.slice(0, -'/index.html'.length);
  return '/' + p.replace(/\.html$/, '');
}

/** Every `.html` file below `distDir`, sorted by route ('/' first). Empty when there is no dist. */
export function listPages(distDir: string): BuiltPage[] {
  if (!existsSync(distDir)) return [];
  const pages: BuiltPage[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) {
        const relPath = relative(distDir, full).split(sep).join('/');
        pages.push({ route: routeOf(relPath), file: full, relPath });
      }
    }
  };
  walk(distDir);
  return pages.sort((a, b) => (a.route === '/' ? -1 : b.route === '/' ? 1 : a.route.localeCompare(b.route)));
}

/** A parsed document: the subset of the DOM API the bench and gates use. */
export type ParsedDocument = ReturnType<InstanceType<Window['DOMParser']>['parseFromString']>;

let sharedWindow: Window | null = null;

/** Parses an HTML string into a document without running scripts or fetching anything. */
export function parseHtml(html: string): ParsedDocument {
  sharedWindow ??= new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
      navigation: {
        disableMainFrameNavigation: true,
        disableChildFrameNavigation: true,
        disableChildPageNavigation: true,
      },
    },
  });
  return new sharedWindow.DOMParser().parseFromString(html, 'text/html');
}

/** Parses the HTML file at `file`. */
export function parseHtmlFile(file: string): ParsedDocument {
  return parseHtml(readFileSync(file, 'utf8'));
}

/** Releases the parser's window (call once at the end of a run so the process can exit). */
export async function closeParser(): Promise<void> {
  const w = sharedWindow;
  sharedWindow = null;
  if (w) await w.happyDOM.close();
}
