/** Small role-based queries for shadow roots (happy-dom has no accessibility tree). */

const IMPLICIT_ROLES: Record<string, string> = { BUTTON: 'button', PROGRESS: 'progressbar', UL: 'list' };

function isHidden(el: Element): boolean {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node.hasAttribute('hidden')) return true;
  }
  return false;
}

/** Accessible name: aria-label, else text content. */
export function nameOf(el: Element): string {
  return (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
}

/** Every visible element with this role (explicit or implicit) and optional exact name. */
export function allByRole(root: ParentNode, role: string, name?: string): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('*')].filter(
    (el) => (el.getAttribute('role') ?? IMPLICIT_ROLES[el.tagName]) === role && !isHidden(el) && (name === undefined || nameOf(el) === name),
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

/** Lets pending promise callbacks run. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
