/**
 * Mounts `<ringwise-voice-call>` (under a fresh tag name) with the real card UI and fake engines,
 * and a recording `fetch` standing in for the network, for the element and card tests.
 */
import { vi } from 'vitest';
import { defineVoiceCallElement } from '../../../../widget/src/element/define.ts';
import type { VoiceCallElement } from '../../../../widget/src/element/element-types.ts';
import { flush, frame, getByRole } from './dom-helpers.ts';
import { createFakeModules, type FakeModules } from './fake-modules.ts';

/** One request the page sent. */
export interface SentRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** What `fetch` answered: a `Response` of its own, so a test can tell which request an engine adopted. */
  response: Promise<Response>;
}

/** A mounted element and everything behind it. */
export interface Mounted {
  el: VoiceCallElement;
  shadow: ShadowRoot;
  modules: FakeModules;
  /** Requests sent with `fetch`, oldest first. */
  requests: SentRequest[];
  /** The launcher button. */
  launcher(): HTMLElement;
}

let count = 0;

/**
 * Defines a fresh tag, mounts it with these attributes (and `preload="intent"` unless they say
 * otherwise) and waits a tick; `before` gets the fake modules before the element connects (to
 * hold or fail a file).
 */
export async function mount(
  attributes: Record<string, string | null> = { 'public-key': 'pk-1', 'assistant-id': 'asst-1' },
  before?: (modules: FakeModules) => void,
): Promise<Mounted> {
  const modules = createFakeModules();
  before?.(modules);
  const requests: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      // A Response object per request; the fake engines ignore it, the tests compare it.
      const response = Promise.resolve(new Response('{}', { status: 201 }));
      requests.push({
        url,
        headers: init.headers as Record<string, string>,
        body: JSON.parse(String(init.body)),
        response,
      });
      return response;
    }),
  );
  const tag = `rw-test-${++count}`;
  defineVoiceCallElement(modules.load, tag);
  const el = document.createElement(tag) as VoiceCallElement;
  // The page's context (on by default) is left out of the bodies these tests compare; its own
  // tests (host-api.test.ts) mount with it. `preload="intent"` unless a test names it: these tests
  // follow what hover, focus and the click load; the warm start (the default, `idle`) has its own tests.
  for (const [name, value] of Object.entries({ 'page-context': 'false', preload: 'intent', ...attributes }))
    if (value !== null) el.setAttribute(name, value);
  document.body.append(el);
  const shadow = el.shadowRoot;
  if (!shadow) throw new Error('no open shadow root');
  await flush();
  return { el, shadow, modules, requests, launcher: () => shadow.querySelector<HTMLElement>('[part=launcher]')! };
}

/** Clicks the launcher and lets the card load and draw (a call's start is drawn once per frame). */
export async function open(mounted: Mounted): Promise<void> {
  mounted.launcher().click();
  await flush();
  await flush();
  await frame();
}

/** The visible status chip's text. */
export function chip(shadow: ShadowRoot): string {
  return shadow.querySelector('[part=status]')?.textContent ?? '';
}

/** What the polite status region announces. */
export function announced(shadow: ShadowRoot): string {
  return getByRole(shadow, 'status').textContent ?? '';
}

/** Types into the message field and presses Enter. */
export function type(shadow: ShadowRoot, text: string): void {
  const input = getByRole(shadow, 'textbox', 'Message') as HTMLInputElement;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
}

/** Opens a chat card and sends `text`: the chat client is asked, its reply still to come. */
export async function chatAsked(
  text: string,
  attributes: Record<string, string> = { 'public-key': 'pk', 'assistant-id': 'asst-1', mode: 'chat' },
): Promise<Mounted> {
  const mounted = await mount(attributes);
  await open(mounted);
  type(mounted.shadow, text);
  await flush();
  return mounted;
}

/** The bubbles of the conversation log: role and visible text. */
export function bubbles(shadow: ShadowRoot): string[] {
  return [...shadow.querySelectorAll('[part=turn]')].map((li) => {
    const text = [...li.childNodes]
      .filter((node) => !(node as Element).classList?.contains('sr') && !(node as Element).classList?.contains('dots'))
      .map((node) => node.textContent)
      .join('');
    return `${li.getAttribute('data-role')}: ${text}`;
  });
}

/** Whether an engine was handed the request `sent` (the helpers wrap fetch's promise, so compare what they resolve to). */
export async function sameRequest(
  adopted: Promise<Response> | undefined,
  sent: SentRequest | undefined,
): Promise<boolean> {
  if (!adopted || !sent) return false;
  return (await adopted) === (await sent.response);
}

export { flush };
