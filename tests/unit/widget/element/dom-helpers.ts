/** Small role-based queries for shadow roots (happy-dom has no accessibility tree). */

const IMPLICIT_ROLES: Record<string, string> = {
  BUTTON: 'button',
  PROGRESS: 'progressbar',
  UL: 'list',
  OL: 'list',
  LI: 'listitem',
  H1: 'heading',
  H2: 'heading',
  H3: 'heading',
  A: 'link',
  SELECT: 'combobox',
};

function roleOf(el: Element): string | undefined {
  const explicit = el.getAttribute('role');
  if (explicit) return explicit;
  if (el.tagName === 'INPUT' && ['text', 'search', ''].includes(el.getAttribute('type') ?? '')) return 'textbox';
  if (el.tagName === 'INPUT' && el.getAttribute('type') === 'radio') return 'radio';
  if (el.tagName === 'TEXTAREA') return 'textbox';
  if (el.tagName === 'INPUT' && el.getAttribute('type') === 'range') return 'slider';
  return IMPLICIT_ROLES[el.tagName];
}

/** Hidden from people and assistive technology: `hidden` or `aria-hidden` on it or an ancestor. */
export function isHidden(el: Element): boolean {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return true;
  }
  return false;
}

/** Accessible name: aria-labelledby, aria-label, else the visible text content. */
export function nameOf(el: Element): string {
  const ids = el.getAttribute('aria-labelledby');
  if (ids) {
    const root = el.getRootNode() as Document | ShadowRoot;
    return ids
      .split(/\s+/)
      .map((id) => root.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
  }
  const label = el.getAttribute('aria-label');
  if (label !== null) return label.trim();
  // A form control named by its <label for>.
  const labelFor = el.id && (el.getRootNode() as Document | ShadowRoot).querySelector?.(`label[for="${el.id}"]`);
  if (labelFor) return (labelFor.textContent ?? '').trim();
  return visibleText(el).trim();
}

/** Text of an element without its `aria-hidden` or `hidden` parts. */
export function visibleText(el: Element): string {
  let text = '';
  for (const node of el.childNodes) {
    if (node.nodeType === 3) text += node.textContent ?? '';
    else if (
      node.nodeType === 1 &&
      !(node as Element).hasAttribute('hidden') &&
      (node as Element).getAttribute('aria-hidden') !== 'true'
    )
      text += visibleText(node as Element);
  }
  return text;
}

/** Every visible element with this role (explicit or implicit) and optional exact name. */
export function allByRole(root: ParentNode, role: string, name?: string): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('*')].filter(
    (el) => roleOf(el) === role && !isHidden(el) && (name === undefined || nameOf(el) === name),
  );
}

/** The one visible element with this role and name, or null. */
export function queryByRole(root: ParentNode, role: string, name?: string): HTMLElement | null {
  const found = allByRole(root, role, name);
  if (found.length > 1) throw new Error(`more than one ${role} named ${name}`);
  return found[0] ?? null;
}

/** Like `queryByRole`, but throws with the visible roles listed when missing. */
export function getByRole(root: ParentNode, role: string, name?: string): HTMLElement {
  const el = queryByRole(root, role, name);
  if (!el) {
    const seen = allByRole(root, role).map(nameOf);
    throw new Error(`no visible ${role} named ${JSON.stringify(name)}; visible: ${JSON.stringify(seen)}`);
  }
  return el;
}

/** Waits for the next animation frame (the card draws a streaming reply once per frame). */
export function frame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/** Lets pending promise callbacks run. */
/**
 * Lets the current task's microtasks run, and no timer: what a click's own task does after its
 * listener (the click's start sends from the start file, whose load has settled, in a microtask).
 */
export async function microtasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
