/**
 * The widget's stylesheet, applied inside its shadow root only, so host CSS cannot reach it and
 * it cannot leak out. Applied as a constructable stylesheet (`adoptedStyleSheets`), which strict
 * CSPs without 'unsafe-inline' allow; browsers without it get a `<style>` carrying the nonce.
 *
 * Theming (set on the element or any ancestor): `--ringwise-accent`, `--ringwise-accent-text`,
 * `--ringwise-danger`, `--ringwise-surface`, `--ringwise-text`, `--ringwise-muted`,
 * `--ringwise-focus`, `--ringwise-font`, `--ringwise-radius`, `--ringwise-offset` (from the corner),
 * `--ringwise-z-index`; parts: container, panel, status, progress, transcript, launcher,
 * indicator, label, speaking, mute, enable-audio. Defaults meet WCAG AA contrast.
 */
export const CSS = `
.w{--s:#fff;--t:#111827;--m:#4b5563;--f:#1d4ed8;--e:#b91c1c;--a:var(--ringwise-accent,#4338ca);--o:var(--ringwise-offset,20px);display:inline-flex;flex-direction:column;align-items:flex-end;gap:8px;font:500 15px/1.45 var(--ringwise-font,system-ui,sans-serif);color:var(--ringwise-text,var(--t))}
.w[data-theme=dark]{--s:#111827;--t:#f9fafb;--m:#d1d5db;--f:#93c5fd;--e:#fca5a5}
@media (prefers-color-scheme:dark){.w[data-theme=auto]{--s:#111827;--t:#f9fafb;--m:#d1d5db;--f:#93c5fd;--e:#fca5a5}}
.w:not([data-position=inline]){position:fixed;z-index:var(--ringwise-z-index,2147483000);bottom:var(--o);right:var(--o)}
[data-position=bottom-left]{left:var(--o);right:auto!important}
[data-position$=left],[data-position=inline]{align-items:flex-start}
.p{display:flex;flex-direction:column;gap:8px;box-sizing:border-box;width:320px;max-width:calc(100vw - 40px);padding:12px 14px;background:var(--ringwise-surface,var(--s));border-radius:var(--ringwise-radius,12px);box-shadow:0 6px 24px #0003;border:1px solid #8886}
.p[data-empty],[hidden]{display:none}
.st{margin:0}
[data-problem] .st{color:var(--e)}
progress{width:100%;accent-color:var(--a)}
.tr{max-height:160px;overflow:auto;margin:0;padding:0;list-style:none;font-size:14px}
.c{display:flex;gap:8px;align-items:center}
button{all:initial;display:inline-flex;align-items:center;gap:10px;min-height:44px;padding:10px 18px;border-radius:99px;font:inherit;font-weight:600;cursor:pointer;background:var(--ringwise-surface,var(--s));color:inherit;border:2px solid}
button:focus-visible{outline:3px solid var(--ringwise-focus,var(--f));outline-offset:2px}
.l{background:var(--a);color:var(--ringwise-accent-text,#fff);border-color:#0000}
[data-incall] .l{background:var(--ringwise-danger,#b91c1c)}
.m[aria-pressed=true]{background:var(--ringwise-text,var(--t));color:var(--ringwise-surface,var(--s))}
.i{position:relative;width:14px;height:14px}
.i::before,.i::after{content:"";position:absolute;inset:0;border-radius:50%;background:currentColor}
.i::after{opacity:.35;transform:scale(calc(1 + var(--v,0)*1.6));transition:transform .1s}
[data-state$=ing]:not([data-state=ending]) .i::before{animation:pulse 1s infinite alternate}
.sp{font-size:13px;color:var(--ringwise-muted,var(--m))}
@keyframes pulse{to{opacity:.3}}
@media (prefers-reduced-motion:reduce){.i::before{animation:none!important}.i::after{transition:none;transform:none;opacity:calc(.2 + var(--v,0)*.6)}}
`;

let shared: CSSStyleSheet | null = null;

/**
 * Styles a shadow root: the shared constructable sheet where supported, else a `<style>` element
 * with `nonce` (for CSPs that allow styles by nonce).
 */
export function applyStyles(root: ShadowRoot, nonce: string): void {
  if ('adoptedStyleSheets' in root) {
    if (!shared) {
      shared = new CSSStyleSheet();
      shared.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [shared];
    return;
  }
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = CSS;
  (root as ShadowRoot).prepend(style);
}
