// @vitest-environment happy-dom
/**
 * The Markdown file warms the card's layout once it is in (issue 34): the first reply with a table
 * paid for the card's fonts (bold, italic, code at the table's size) and the table's styles cold in
 * its piece's task. `warmLayout` lays a sample out in the log, hidden, and takes it out again; the
 * card calls it in a task of its own before drawing replies through the renderer.
 */
import { expect, test } from 'vitest';
import { warmLayout } from '../../../../../widget/src/card/markdown-file.ts';

test('a table with bold, italic and code is laid out in the log, hidden, and taken out in the same task', () => {
  const log = document.createElement('div');
  log.append(document.createElement('div'));
  document.body.append(log);
  const before = log.innerHTML;
  const observer = new MutationObserver(() => {});
  observer.observe(log, { childList: true });
  let laidOut: Element | null = null;
  // The read that lays it out: the sample is in the log then, with the card's classes.
  const real = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.parentElement === log) laidOut = this.cloneNode(true) as Element;
      return real.get!.call(this);
    },
  });
  try {
    warmLayout(log);
  } finally {
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', real);
  }
  const added = observer.takeRecords().flatMap((record) => [...record.addedNodes]);
  expect(added.length, 'one bubble added').toBe(1);
  const sample = laidOut as Element | null;
  expect(sample, 'read while in the log').not.toBeNull();
  expect(sample!.getAttribute('aria-hidden'), 'hidden from screen readers').toBe('true');
  expect((sample as HTMLElement).style.visibility, 'and from sight').toBe('hidden');
  for (const tag of ['table th', 'table td strong', 'table td em', 'table td code', 'pre code', 'a']) {
    expect(sample!.querySelector(`.md ${tag}`), tag).not.toBeNull();
  }
  expect(log.innerHTML, 'the log as it was').toBe(before);
  log.remove();
});
