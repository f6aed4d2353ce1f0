/**
 * How the widget's stylesheets reach its shadow root, so host CSS cannot reach in and ours cannot
 * leak out. Each sheet is a constructable stylesheet (`adoptedStyleSheets`), which strict CSPs
 * without 'unsafe-inline' allow; browsers without it get a `<style>` carrying the nonce.
 *
 * The sheets themselves are CSS files (`styles/launcher.css` in the loader, `card/styles/*.css`
 * in the card UI file), minified into strings by the build. Theming hooks (custom properties and
 * parts) are listed in `reference.ts`.
 */
const sheets = new Map<string, CSSStyleSheet>();

/**
 * Adds a stylesheet to a shadow root: a constructable sheet shared by every widget on the page,
 * else a `<style>` element with `nonce` (for CSPs that allow styles by nonce).
 */
export function addStyles(root: ShadowRoot, css: string, nonce: string): void {
  if ('adoptedStyleSheets' in root) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  (root as ShadowRoot).append(style);
}
