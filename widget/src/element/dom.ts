/** A small element builder (in the loader; the card uses it through its host). */

/** Creates `<tag class part …attrs>`; empty class or part are left out. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = '',
  part = '',
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (part) el.setAttribute('part', part);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}
