/**
 * Site-relative links under the base path the site is built for (BASE_PATH, Astro's `base`; see
 * shared/config.ts): every link, asset and script URL a page or island writes starting with `/`
 * goes through {@link withBase}, so a site served under a sub-path (`https://example.com/voice`)
 * links within it. Outside Vite (plain Node: Playwright specs) the base is `/`.
 */
/** `path` below `base` ('' or '/voice'): the one rule of {@link withBase} and {@link withBaseLinks}. */
export function prefixBase(base: string, path: string): string {
  if (!base || !path.startsWith('/') || path.startsWith('//')) return path;
  if (path === '/') return base;
  return path.startsWith('/#') || path.startsWith('/?') ? base + path.slice(1) : base + path;
}

/** The base path without a trailing slash: '' at the root, '/voice' under a sub-path. */
export const BASE = ((import.meta.env?.BASE_URL as string | undefined) ?? '/').replace(/\/+$/, '');

/**
 * `path` (starting with `/`) below the base path: `/` → `/voice`, `/#contact` → `/voice#contact`
 * (the home page has no trailing slash: trailingSlash 'never'), `/qa/x` → `/voice/qa/x`.
 */
export function withBase(path: string): string {
  if (!path.startsWith('/')) throw new Error(`withBase needs a path starting with "/", not ${JSON.stringify(path)}.`);
  return prefixBase(BASE, path);
}

/**
 * Rendered HTML with its site-relative links (`href="/…"`) below the base path: the guides'
 * Markdown writes `[home page](/)` and `(/#contact)` without it.
 */
export function withBaseLinks(html: string): string {
  return BASE
    ? html.replace(
        /(\shref=")(\/[^"]*)"/g,
        (_, attribute: string, path: string) => `${attribute}${prefixBase(BASE, path)}"`,
      )
    : html;
}
