/** A small element builder (the loader and the card each bundle this one copy). */

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

/** Like `h`, and appends the new element to `parent`. */
export function add<K extends keyof HTMLElementTagNameMap>(
  parent: Element,
  tag: K,
  className = '',
  part = '',
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  return parent.appendChild(h(tag, className, part, attrs));
}
