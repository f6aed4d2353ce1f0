// @vitest-environment happy-dom
/**
 * The card draws once per change of its view, and a call's start changes it once per stage; the
 * conversation log must then cost nothing when its turns did not change: no DOM work, and no read
 * of its geometry (`scrollHeight` and the like force a layout of the whole card in a browser,
 * which was most of the main thread's work between a click and the join, issue 20). Counted on the
 * log element's own geometry getters.
 */
import { describe, expect, test } from 'vitest';
import { conversationLog } from '../../../../widget/src/card/conversation-log.ts';
import type { Turn } from '../../../../widget/src/conversation/view.ts';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';

/** A log element whose geometry reads are counted. */
function countedLog(): { log: HTMLElement; reads: () => number } {
  const log = document.createElement('div');
  let reads = 0;
  for (const key of ['scrollHeight', 'scrollTop', 'clientHeight']) {
    Object.defineProperty(log, key, {
      get: () => {
        reads++;
        return 0;
      },
      set: () => {},
      configurable: true,
    });
  }
  return { log, reads: () => reads };
}

const add = <K extends keyof HTMLElementTagNameMap>(
  parent: Element,
  tag: K,
  className = '',
  part = '',
  attrs: Record<string, string> = {},
) => {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (part) el.setAttribute('part', part);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return parent.appendChild(el);
};

const turn = (id: number, text: string): Turn => ({ id, role: 'assistant', text, partial: '', via: 'voice' });

describe('conversation log: no work without new turns', () => {
  test('an empty conversation, drawn once per start stage, never reads the geometry', () => {
    const { log, reads } = countedLog();
    const draw = conversationLog(log, add);
    // A voice card without a transcript draws a new empty list each time.
    for (let stage = 0; stage < 9; stage++) draw([], EN_LABELS);
    expect(reads(), 'no layout read for an empty log').toBe(0);
    expect(log.childElementCount, 'nothing drawn').toBe(0);
  });

  test('the same turns drawn again: no geometry read, no DOM change; new turns: drawn', () => {
    const { log, reads } = countedLog();
    const draw = conversationLog(log, add);
    const turns = [turn(1, 'Hello')];
    draw(turns, EN_LABELS);
    const afterFirst = reads();
    expect(afterFirst, 'the first drawing reads where the visitor is').toBeGreaterThan(0);
    const html = log.innerHTML;
    for (let i = 0; i < 5; i++) draw(turns, EN_LABELS);
    expect(reads(), 'unchanged turns: no read').toBe(afterFirst);
    expect(log.innerHTML, 'unchanged DOM').toBe(html);
    draw([...turns, turn(2, 'How can I help?')], EN_LABELS);
    expect(log.childElementCount, 'the new turn drawn').toBe(2);
  });
});
