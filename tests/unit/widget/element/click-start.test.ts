// @vitest-environment happy-dom
/**
 * The click's start lives in its own small file (`start`, voice-widget-start.js), not in the
 * loader (issue 20): loaded with the card in idle time or on intent, it sends `POST /call/web` in
 * the click's own task; at a click before it is in (`preload="none"`), the click asks for it, the
 * engine and daily-js at once, and the request leaves the moment it arrives, never waiting for the
 * card. "In the click's task" is checked against a task queued right after the click: the request
 * must be out before it runs.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadModule, WidgetModules } from '../../../../widget/src/ports/card-port.ts';
import * as start from '../../../../widget/src/chunks/entries/start.ts';
import { defineVoiceCallElement } from '../../../../widget/src/element/define.ts';
import { recordHangingFetch } from './hanging-fetch.ts';
import type { VoiceCallElement } from '../../../../widget/src/element/element-types.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

let count = 0;

/**
 * A launcher on a loader whose files never arrive except the start file, which arrives when
 * `release()` is called (at once when `ready`).
 */
function launcher(attributes: Record<string, string>, ready: boolean) {
  const asked: string[] = [];
  let release!: () => void;
  const arrived = ready
    ? Promise.resolve(start)
    : new Promise<typeof start>((resolve) => (release = () => resolve(start)));
  const load: LoadModule = <K extends keyof WidgetModules>(name: K) => {
    asked.push(name);
    return (name === 'start' ? arrived : new Promise(() => {})) as Promise<WidgetModules[K]>;
  };
  const posts = recordHangingFetch();
  const click = mount(load, attributes);
  return { asked, posts, click, release: () => release() };
}

/** A voice element on `load` (a tag of its own) with `attributes`, in the page; returns its launcher's click. */
function mount(load: LoadModule, attributes: Record<string, string> = {}): () => void {
  const tag = `rw-click-start-${++count}`;
  defineVoiceCallElement(load, tag);
  const el = document.createElement(tag) as VoiceCallElement;
  for (const [name, value] of Object.entries({
    'public-key': 'pk-1',
    'assistant-id': 'asst-1',
    mode: 'voice',
    'page-context': 'false',
    ...attributes,
  }))
    el.setAttribute(name, value);
  document.body.append(el);
  return () => el.shadowRoot!.querySelector<HTMLElement>('[part=launcher]')!.click();
}

/** What `read` says when the next task runs (what the click's task and its microtasks did). */
const atNextTask = <T>(read: () => T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(read())));

describe('the click with the start file in (warm: idle time or intent)', () => {
  it('sends POST /call/web in the click’s task, before the card module resolves', async () => {
    const { posts, asked, click } = launcher({ preload: 'none' }, true);
    click();
    const seen = await atNextTask(() => posts.filter((url) => url.endsWith('/call/web')).length);
    expect(seen, 'POST /call/web out before the next task').toBe(1);
    expect(asked, 'the engine and daily-js asked for too; the card is not waited for').toEqual(
      expect.arrayContaining(['engine', 'daily', 'card', 'start']),
    );
  });
});

describe('the click before the start file is in (preload="none")', () => {
  it('asks for the start file, the engine and daily-js in its task, and sends the request once the start file is in, not waiting for the card', async () => {
    const { posts, asked, click, release } = launcher({ preload: 'none' }, false);
    expect(asked, 'nothing before the click').toEqual([]);
    click();
    expect(asked, 'in the click’s task').toEqual(expect.arrayContaining(['start', 'engine', 'daily', 'card']));
    expect(await atNextTask(() => posts.length), 'no request without the start file').toBe(0);
    release();
    const seen = await atNextTask(() => posts.filter((url) => url.endsWith('/call/web')).length);
    expect(seen, 'sent as soon as it arrived (the card never resolves here)').toBe(1);
  });
});

describe('a start file that throws', () => {
  it('leaves the request to the card, which still opens and is told to start (no stuck launcher)', async () => {
    const opened: unknown[] = [];
    const card = {
      view: undefined,
      opened: (options: unknown) => (opened.push(options), Promise.resolve(true)),
      render() {},
      preload() {},
      destroy() {},
    };
    const load: LoadModule = <K extends keyof WidgetModules>(name: K) => {
      if (name === 'start')
        return Promise.resolve({
          startFor: () => {
            throw new TypeError('startFor is not a function');
          },
        }) as unknown as Promise<WidgetModules[K]>;
      if (name === 'card') return Promise.resolve({ mountCard: () => card }) as unknown as Promise<WidgetModules[K]>;
      return new Promise(() => {}) as Promise<WidgetModules[K]>;
    };
    mount(load)();
    for (let i = 0; i < 50 && !opened.length; i++) await new Promise((resolve) => setTimeout(resolve));
    expect(opened, 'the card opened with a start (without the early request)').toEqual([
      { start: {}, focus: expect.any(Boolean) },
    ]);
  });
});
