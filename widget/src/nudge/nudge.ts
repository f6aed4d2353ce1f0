/**
 * The nudge (`nudge` attribute; its own file, `voice-widget-nudge.js`, loaded only when the
 * attribute is set, after `nudge-delay` seconds): a small bubble beside the launcher that invites a
 * visitor who has not used the widget. Once per browser session (sessionStorage), dismissible (its
 * close control or Escape), never while a form field has focus (it waits, and leaves when one gets
 * focus), without animation for visitors who prefer reduced motion, announced politely (a status
 * region). A click on its text opens the card; opening the card removes it.
 */
import NUDGE_CSS from './nudge.css?raw';

/** The sessionStorage key: the nudge was shown in this browser session. */
export const NUDGE_SHOWN_KEY = 'ringwise-nudge-shown';

/** The close control's English name (the locales' `nudgeDismiss` replaces it). */
export const EN_NUDGE_DISMISS = 'Dismiss';

/** What the element gives the nudge. */
export interface NudgeHost {
  /** The `<ringwise-voice-call>` element (the nudge leaves when it fires `ringwise-open`). */
  readonly element: HTMLElement;
  /** The widget's box in the shadow root (the launcher's container). */
  readonly container: HTMLElement;
  /** The nudge's text (the `nudge` attribute). */
  readonly text: string;
  /** The close control's name in the widget's language. */
  readonly dismissLabel?: string;
  /** Adds the nudge's stylesheet to the shadow root. */
  style(css: string): void;
  /** Opens the card (the element's `open()`). */
  open(): void;
  /** Whether the nudge must not show now: the card is open, a call runs, the launcher is hidden. */
  busy(): boolean;
}

/**
 * What the loader gives `nudgeLauncher`: the card's host (`CardHost`, ports/card-port.ts), of
 * which the nudge reads these (written here: the chunk port imports this file's types).
 */
export interface NudgeLauncherHost {
  readonly element: HTMLElement;
  readonly container: HTMLElement;
  /** The widget's labels now (the close control's name). */
  labels(): { nudgeDismiss?: string };
  /** Adds a stylesheet to the shadow root. */
  style(css: string): void;
  /** Whether the card is open. */
  isOpen(): boolean;
}

/** What the nudge file exports (`WidgetModules.nudge`). */
export interface NudgeModule {
  nudgeLauncher: typeof nudgeLauncher;
}

declare module '../ports/manifest.ts' {
  interface WidgetModules {
    /** The nudge bubble, loaded when an element sets `nudge`. */
    nudge: NudgeModule;
  }
}

/**
 * The nudge of a `<ringwise-voice-call>` (what the loader calls once the delay is over, with the
 * port it gives the card, so the loader passes one object): its text is the `nudge` attribute;
 * busy while the card is open, a call runs or the launcher is hidden.
 */
export function nudgeLauncher(host: NudgeLauncherHost): Nudge {
  const element = host.element as HTMLElement & { open(): void; readonly view: { readonly phase: string } };
  const container = host.container;
  return showNudge({
    element,
    container,
    text: element.getAttribute('nudge') ?? '',
    dismissLabel: host.labels().nudgeDismiss,
    style: host.style,
    open: () => element.open(),
    busy: () => host.isOpen() || element.view.phase !== 'idle' || !!container.hidden,
  });
}

/** The close control's glyph (an ×). */
const CROSS = 'M6 6l12 12M18 6L6 18';
const SVG = 'http://www.w3.org/2000/svg';

/** The bubble on the page, and how to take it away. */
export interface Nudge {
  /** Removes the bubble (or stops waiting for a form field to lose focus). */
  remove(): void;
}

/** Whether `el` takes typed input: the nudge never covers one that has focus. */
export function isFormField(el: Element | null): boolean {
  if (!el) return false;
  // Focus inside a shadow root is reported on its host: look inside.
  const inner = el.shadowRoot?.activeElement;
  if (inner) return isFormField(inner);
  return /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || (el as HTMLElement).isContentEditable === true;
}

/** Whether the session's nudge was already shown (storage blocked: treated as not shown). */
function shown(): boolean {
  try {
    return sessionStorage.getItem(NUDGE_SHOWN_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Shows the nudge beside the launcher, now or once no form field has focus; nothing when it was
 * shown in this session or the widget is busy.
 */
export function showNudge(host: NudgeHost): Nudge {
  const doc = host.element.ownerDocument;
  let bubble: HTMLElement | null = null;
  const offs: (() => void)[] = [];
  const listen = (target: EventTarget, type: string, fn: (event: Event) => void) => {
    target.addEventListener(type, fn);
    offs.push(() => target.removeEventListener(type, fn));
  };
  const remove = () => {
    bubble?.remove();
    bubble = null;
    for (const off of offs.splice(0)) off();
  };
  const show = () => {
    if (bubble || shown() || host.busy()) return;
    if (isFormField(doc.activeElement)) return;
    try {
      sessionStorage.setItem(NUDGE_SHOWN_KEY, '1');
    } catch {
      // Blocked storage: shown on this page only.
    }
    host.style(NUDGE_CSS);
    const el = doc.createElement('div');
    el.className = 'nb';
    el.setAttribute('part', 'nudge');
    // A status region is polite: announced after what the reader is saying, never interrupting.
    el.setAttribute('role', 'status');
    if (!doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches) el.setAttribute('data-animate', '');
    host.container.append(el);
    bubble = el;
    const text = doc.createElement('button');
    text.type = 'button';
    text.className = 'nt';
    text.textContent = host.text;
    text.addEventListener('click', () => {
      remove();
      host.open();
    });
    const close = doc.createElement('button');
    close.type = 'button';
    close.className = 'nx';
    close.setAttribute('aria-label', host.dismissLabel || EN_NUDGE_DISMISS);
    // Built as elements, not markup: pages that require Trusted Types refuse innerHTML.
    const svg = doc.createElementNS(SVG, 'svg');
    const path = doc.createElementNS(SVG, 'path');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    path.setAttribute('d', CROSS);
    svg.append(path);
    close.append(svg);
    close.addEventListener('click', remove);
    el.addEventListener('keydown', (event) => (event as KeyboardEvent).key === 'Escape' && remove());
    // Filled after the region is in the page, so screen readers announce the text.
    el.append(text, close);
    // A form field taking focus: the bubble goes (the session's nudge is spent).
    listen(doc, 'focusin', (event) => isFormField(event.target as Element) && remove());
  };
  listen(host.element, 'ringwise-open', remove);
  if (isFormField(doc.activeElement)) {
    // Wait until no form field has focus (focus moves on, then the check runs).
    listen(doc, 'focusout', () => setTimeout(show));
  } else show();
  return { remove };
}
