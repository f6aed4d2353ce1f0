/**
 * Broken-link check of the built site: every same-origin reference in every page (href, src,
 * srcset, poster, form action, Open Graph / Twitter image and URL) and every sitemap `<loc>` must
 * resolve to a built file, and every `#fragment` must name an element id (or `<a name>`) on the
 * target page. `#` alone and `#top` are accepted (browsers scroll to the top for both).
 * Other origins, mailto:, tel:, data:, blob: and javascript: are out of scope.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { listPages, parseHtml, type ParsedDocument } from './html.ts';

/** One broken reference. */
export interface BrokenLink {
  /** The page (relative to dist/) or sitemap file holding the reference. */
  source: string;
  /** The reference exactly as written. */
  ref: string;
  /** Why it is broken. */
  reason: string;
}

/** What to collect: selector, attribute, and whether the value is a srcset list. */
const REFERENCES: ReadonlyArray<[selector: string, attribute: string, srcset?: boolean]> = [
  ['a[href]', 'href'],
  ['area[href]', 'href'],
  ['link[href]:not([rel~="preconnect"]):not([rel~="dns-prefetch"])', 'href'],
  ['script[src]', 'src'],
  ['img[src]', 'src'],
  ['img[srcset]', 'srcset', true],
  ['source[src]', 'src'],
  ['source[srcset]', 'srcset', true],
  ['video[src]', 'src'],
  ['video[poster]', 'poster'],
  ['audio[src]', 'src'],
  ['iframe[src]', 'src'],
  ['form[action]', 'action'],
  ['meta[property="og:image"]', 'content'],
  ['meta[property="og:url"]', 'content'],
  ['meta[name="twitter:image"]', 'content'],
];

/** The file that a URL path resolves to in `distDir` (as the static server would), or null. */
export function resolveBuilt(distDir: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const base = join(distDir, decoded);
  const candidates = [base, join(base, 'index.html'), base.replace(/\/$/, '') + '.html'];
  for (const c of candidates) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

/** Ids and `<a name>`s of a document: the fragments it can be linked to. */
export function anchorsOf(doc: ParsedDocument): Set<string> {
  const ids = new Set<string>();
  for (const el of doc.querySelectorAll('[id]')) ids.add(el.getAttribute('id')!);
  for (const el of doc.querySelectorAll('a[name]')) ids.add(el.getAttribute('name')!);
  return ids;
}

/**
 * Checks every page and sitemap under `distDir`.
 * @param distDir the built site
 * @param origins origins counted as this site (e.g. the build's `PUBLIC_SITE_URL`), besides relative URLs
 * @returns every broken reference (empty when all resolve)
 */
export function findBrokenLinks(distDir: string, origins: string[]): BrokenLink[] {
  const own = new Set(origins.map((o) => new URL(o).origin));
  const pages = listPages(distDir);
  const docs = new Map<string, ParsedDocument>();
  const docOf = (file: string): ParsedDocument => {
    let doc = docs.get(file);
    if (!doc) {
      doc = parseHtml(readFileSync(file, 'utf8'));
      docs.set(file, doc);
    }
    return doc;
  };
  const broken: BrokenLink[] = [];

  const check = (source: string, pageRoute: string, pageFile: string | null, ref: string): void => {
    const value = ref.trim();
    if (!value || /^(mailto|tel|data|blob|javascript|sms):/i.test(value)) return;
    let url: URL;
    try {
      url = new URL(value, `http://this.site${pageRoute}`);
    } catch {
      broken.push({ source, ref, reason: 'not a valid URL' });
      return;
    }
    const sameOrigin = url.origin === 'http://this.site' || own.has(url.origin);
    if (!sameOrigin) return;
    const samePage = value.startsWith('#');
    const target = samePage ? pageFile : resolveBuilt(distDir, url.pathname);
    if (!target) {
      broken.push({ source, ref, reason: `no built file for ${url.pathname}` });
      return;
    }
    const fragment = url.hash.slice(1);
    if (!fragment || fragment === 'top' || !target.endsWith('.html')) return;
    let id: string;
    try {
      id = decodeURIComponent(fragment);
    } catch {
      id = fragment;
    }
    if (!anchorsOf(docOf(target)).has(id)) {
      broken.push({ source, ref, reason: `no element with id "${id}" on ${url.pathname}` });
    }
  };

  for (const page of pages) {
    const doc = docOf(page.file);
    for (const [selector, attribute, srcset] of REFERENCES) {
      for (const el of doc.querySelectorAll(selector)) {
        const value = el.getAttribute(attribute) ?? '';
        const refs = srcset ? value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '') : [value];
        for (const ref of refs) check(page.relPath, page.route, page.file, ref);
      }
    }
  }
  if (existsSync(distDir)) {
    for (const name of readdirSync(distDir).filter((n) => /^sitemap.*\.xml$/.test(n))) {
      const xml = readFileSync(join(distDir, name), 'utf8');
      for (const m of xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) check(name, '/', null, m[1]!);
    }
  }
  return broken;
}
