/**
 * The widget's stylesheet, applied inside its shadow root only, so host CSS cannot reach it and
 * it cannot leak out. Applied as a constructable stylesheet (`adoptedStyleSheets`), which strict
 * CSPs without 'unsafe-inline' allow; browsers without it get a `<style>` carrying the nonce.
 *
 * Theming (set on the element or any ancestor): `--ringwise-accent`, `--ringwise-accent-text`,
 * `--ringwise-danger`, `--ringwise-surface`, `--ringwise-text`, `--ringwise-muted`,
 * `--ringwise-focus`, `--ringwise-font`, `--ringwise-radius`, `--ringwise-offset`,
 * `--ringwise-z-index`; parts: container, panel, status, progress, transcript, launcher,
 * indicator, label, speaking, mute, enable-audio. Defaults meet WCAG AA contrast.
 */
export const CSS = `
.w{--a:var(--ringwise-accent,#4338ca);--at:var(--ringwise-accent-text,#fff);--d:var(--ringwise-danger,#b91c1c);--s:var(--ringwise-surface,#fff);--t:var(--ringwise-text,#111827);--m:var(--ringwise-muted,#4b5563);--f:var(--ringwise-focus,#1d4ed8);--r:var(--ringwise-radius,12px);--o:var(--ringwise-offset,20px);--e:#b91c1c;
box-sizing:border-box;display:inline-flex;flex-direction:column;align-items:flex-end;gap:8px;font:500 15px/1.45 var(--ringwise-font,system-ui,-apple-system,"Segoe UI",sans-serif);color:var(--t);text-align:left;letter-spacing:normal}
.w *{box-sizing:inherit}
.w[data-theme=dark]{--s:var(--ringwise-surface,#111827);--t:var(--ringwise-text,#f9fafb);--m:var(--ringwise-muted,#d1d5db);--f:var(--ringwise-focus,#93c5fd);--e:#fca5a5}
@media (prefers-color-scheme:dark){.w[data-theme=auto]{--s:var(--ringwise-surface,#111827);--t:var(--ringwise-text,#f9fafb);--m:var(--ringwise-muted,#d1d5db);--f:var(--ringwise-focus,#93c5fd);--e:#fca5a5}}
.w:not([data-position=inline]){position:fixed;z-index:var(--ringwise-z-index,2147483000);max-width:calc(100vw - 2*var(--o))}
.w[data-position^=bottom]{bottom:var(--o);flex-direction:column}
.w[data-position^=top]{top:var(--o);flex-direction:column-reverse}
.w[data-position$=right]{right:var(--o)}
.w[data-position$=left]{left:var(--o);align-items:flex-start}
.w[data-position=inline]{align-items:flex-start}
.p{display:flex;flex-direction:column;gap:8px;width:320px;max-width:100%;padding:12px 14px;background:var(--s);color:var(--t);border-radius:var(--r);box-shadow:0 6px 24px rgba(0,0,0,.18);border:1px solid rgba(127,127,127,.35)}
.p[data-empty]{padding:0;border:0;box-shadow:none;background:none;width:auto}
.st{margin:0}.st:empty{display:none}
.w[data-problem] .st{color:var(--e)}
progress{width:100%;height:6px;accent-color:var(--a)}
.tr{max-height:160px;overflow:auto;margin:0;padding:0;list-style:none;font-size:14px;color:var(--t)}
.tr b{color:var(--m)}
.c{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
button{all:initial;box-sizing:border-box;display:inline-flex;align-items:center;gap:10px;min-height:44px;padding:10px 18px;border-radius:999px;font:inherit;font-weight:600;cursor:pointer;background:var(--s);color:var(--t);border:2px solid currentColor;transition:background-color .2s}
button[hidden],[hidden]{display:none}
button:focus-visible{outline:3px solid var(--f);outline-offset:2px}
button:disabled{cursor:default;opacity:.8}
.l{background:var(--a);color:var(--at);border-color:transparent;box-shadow:0 4px 14px rgba(0,0,0,.2)}
.w[data-incall] .l{background:var(--d)}
.m[aria-pressed=true]{background:var(--t);color:var(--s)}
.i{position:relative;width:14px;height:14px;flex:none}
.i::before,.i::after{content:"";position:absolute;inset:0;border-radius:50%;background:currentColor}
.i::after{opacity:.35;transform:scale(calc(1 + var(--v,0)*1.6));transition:transform .1s linear}
.w[data-state=starting] .i::before,.w[data-state=loading] .i::before,.w[data-state=reconnecting] .i::before{animation:pulse 1s ease-in-out infinite alternate}
.sp{font-size:13px;color:var(--m)}
@keyframes pulse{from{opacity:1}to{opacity:.3}}
@media (prefers-reduced-motion:reduce){.w *,.w *::before,.w *::after{animation:none!important;transition:none!important}.i::after{transform:none;opacity:calc(.2 + var(--v,0)*.6)}}
`;

let shared: CSSStyleSheet | null = null;

/**
 * Styles a shadow root: the shared constructable sheet where supported, else a `<style>` element
 * with `nonce` (for CSPs that allow styles by nonce).
 */
export function applyStyles(root: ShadowRoot, nonce: string): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
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
  root.prepend(style);
}
