// @vitest-environment happy-dom
/**
 * The Markdown file warms the card's layout once it is in (issue 34): the first reply with a table
 * paid for the card's fonts (bold, italic, code at the table's size) and the table's styles cold in
 * its piece's task. `warmLayout` lays a sample out in the log, hidden, and takes it out again; the
 * card waits for it before drawing replies through the renderer. Laid out at once the sample was a
 * long task itself, so it is laid out a part per task. Counted in tasks and reads, not timed.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { warmLayout } from '../../../../../widget/src/card/markdown-file.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('a table with bold, italic and code is laid out in the log, hidden, a part per task, and taken out', async () => {
  vi.useFakeTimers();
  const log = document.createElement('div');
  log.append(document.createElement('div'));
  document.body.append(log);
  const before = log.innerHTML;
  let added = 0;
  const observer = new MutationObserver((records) => {
    for (const record of records) added += record.addedNodes.length;
  });
  observer.observe(log, { childList: true });
  /** What each read that lays a part out saw (a copy of the part in the log). */
  let laidOut: Element[] = [];
  // The read that lays it out: the part is in the log then, with the card's classes.
  const real = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.parentElement === log) laidOut.push(this.cloneNode(true) as Element);
      return real.get!.call(this);
    },
  });
  const parts: Element[] = [];
  let done = false;
  try {
    void warmLayout(log).then(() => (done = true));
    expect(laidOut.length, 'nothing in the caller’s task').toBe(0);
    for (let task = 0; !done && task < 20; task++) {
      await vi.advanceTimersToNextTimerAsync();
      expect(laidOut.length, `task ${task}: one part laid out`).toBeLessThanOrEqual(1);
      parts.push(...laidOut);
      laidOut = [];
    }
  } finally {
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', real);
  }
  expect(done, 'resolved after its last part').toBe(true);
  expect(parts.length, 'in several tasks').toBeGreaterThan(4);
  for (const record of observer.takeRecords()) added += record.addedNodes.length;
  expect(added, 'one bubble added per part').toBe(parts.length);
  for (const part of parts) {
    expect(part.getAttribute('aria-hidden'), 'hidden from screen readers').toBe('true');
    expect((part as HTMLElement).style.visibility, 'and from sight').toBe('hidden');
  }
  for (const tag of ['table th', 'table td strong', 'table td em', 'table td code', 'pre code', 'a', 'strong', 'em']) {
    expect(
      parts.some((part) => part.querySelector(`.md ${tag}`)),
      tag,
    ).toBe(true);
  }
  expect(log.innerHTML, 'the log as it was').toBe(before);
  log.remove();
});
