// @vitest-environment happy-dom
/**
 * A streamed reply costs DOM work in proportion to each delta (issue 23, item 4): the card never
 * reads a bubble's text back and never rewrites what it already shows, so the characters it reads
 * and writes through the DOM per delta stay the same at the 10th delta and at the 300th. Counted
 * on the DOM's own accessors (textContent, data, nodeValue, appendData, append, appendChild), so
 * any re-read or rewrite of the message would show up as growth. And a cut reply says so.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { frame } from '../element/dom-helpers.ts';
import { bubbles, chatAsked, flush, mount, open, type } from '../element/harness.ts';

const CHAT = { 'public-key': 'pk', 'assistant-id': 'asst-1', mode: 'chat' };

/** Characters read or written through the DOM since the last `take()`. */
let touched = 0;
const restore: (() => void)[] = [];

/** Wraps an accessor or method on `proto` (when it is its own) to count the characters it moves. */
function count(proto: object, key: string): void {
  const descriptor = Object.getOwnPropertyDescriptor(proto, key);
  if (!descriptor) return;
  const size = (value: unknown): number =>
    typeof value === 'string'
      ? value.length
      : value instanceof Node && value.nodeType === 3
        ? (value as Text).data.length
        : 0;
  const wrapped: PropertyDescriptor = { ...descriptor };
  if (descriptor.get) {
    const get = descriptor.get;
    wrapped.get = function (this: unknown) {
      const value = get.call(this);
      touched += size(value);
      return value;
    };
  }
  if (descriptor.set) {
    const set = descriptor.set;
    wrapped.set = function (this: unknown, value: unknown) {
      touched += size(value);
      set.call(this, value);
    };
  }
  if (typeof descriptor.value === 'function') {
    const method = descriptor.value as (...args: unknown[]) => unknown;
    wrapped.value = function (this: unknown, ...args: unknown[]) {
      // Counted before the call: the text node's own `data` getter is not counted twice.
      const moved = args.reduce<number>(
        (sum, arg) => sum + (typeof arg === 'string' || arg instanceof Node ? size(arg) : 0),
        0,
      );
      const result = method.apply(this, args);
      touched += moved;
      return result;
    };
  }
  Object.defineProperty(proto, key, wrapped);
  restore.push(() => Object.defineProperty(proto, key, descriptor));
}

beforeEach(() => {
  for (const proto of [
    Node.prototype,
    Element.prototype,
    HTMLElement.prototype,
    CharacterData.prototype,
    Text.prototype,
  ]) {
    for (const key of [
      'textContent',
      'data',
      'nodeValue',
      'innerText',
      'innerHTML',
      'appendData',
      'append',
      'appendChild',
      'insertBefore',
      'replaceChildren',
    ]) {
      count(proto, key);
    }
  }
});
afterEach(() => {
  for (const undo of restore.splice(0).reverse()) undo();
  document.body.replaceChildren();
});

describe('the card draws a streamed reply in linear time', () => {
  test('the DOM characters per delta do not grow with the message', async () => {
    const mounted = await chatAsked('Tell me a long story');
    const client = mounted.modules.chat.client();
    const delta = 'word '.repeat(20);
    const perDelta: number[] = [];
    for (let i = 0; i < 300; i++) {
      await frame();
      touched = 0;
      client.delta(delta);
      await frame();
      perDelta.push(touched);
    }
    const early = Math.max(...perDelta.slice(5, 15));
    const late = Math.max(...perDelta.slice(-10));
    expect(early, 'the first deltas are drawn (the count is live)').toBeGreaterThanOrEqual(delta.length);
    expect(
      late,
      `per-delta DOM characters at a ${300 * delta.length}-character reply vs at ${15 * delta.length}: ${late} vs ${early}`,
    ).toBeLessThanOrEqual(early);
    expect(bubbles(mounted.shadow).at(-1), 'the whole reply is shown').toBe(`assistant: ${delta.repeat(300)}`);
  });

  test('many deltas within one frame are drawn once, in that frame', async () => {
    const mounted = await chatAsked('Hi');
    const client = mounted.modules.chat.client();
    client.delta('Hello');
    await frame();
    const partial = mounted.shadow.querySelectorAll('[part=turn]')[1]!.querySelector('.pt')!;
    // Text nodes anywhere under it: the reply is drawn as Markdown (a paragraph inside).
    const textNodes = () => {
      const walker = document.createTreeWalker(partial, NodeFilter.SHOW_TEXT);
      let n = 0;
      while (walker.nextNode()) n++;
      return n;
    };
    const nodes = textNodes();
    for (const piece of [' there', ',', ' how', ' can', ' I', ' help?']) client.delta(piece);
    expect(bubbles(mounted.shadow).at(-1), 'not drawn before the frame').toBe('assistant: Hello');
    await frame();
    expect(bubbles(mounted.shadow).at(-1), 'drawn in the frame').toBe('assistant: Hello there, how can I help?');
    expect(textNodes() - nodes, 'one append for the six deltas').toBe(1);
  });

  test('a reply cut at a limit ends with a note saying so', async () => {
    const mounted = await chatAsked('Everything, please');
    const client = mounted.modules.chat.client();
    client.delta('A very long answer');
    client.finish('session-1', 'length');
    await flush();
    const note = mounted.shadow.querySelector('[part=reply-cut]');
    expect(note?.textContent, 'the note').toBe('The answer was cut off here.');
    expect(note?.closest('[part=turn]')?.getAttribute('data-role'), 'in the reply').toBe('assistant');
  });
});
