// @vitest-environment happy-dom
/**
 * `startFor` and `elementTarget` (conversation/element-start.ts): the click's start read from an
 * element, out of the loader: what it sends (the target with the page's context, a kept room with
 * `persist`), and what it never sends (before consent, for overrides it cannot read, without a key).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentKey, elementTarget, startFor } from '../../../../widget/src/conversation/element-start.ts';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

function element(attributes: Record<string, string>): HTMLElement {
  const el = document.createElement('div');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  return el;
}

function helpers() {
  const requestWebCall = vi.fn(
    (_options: { baseUrl: string; token: string; signal?: AbortSignal }, _target: object) =>
      new Promise<Response>(() => {}),
  );
  return { requests: { requestWebCall } };
}

const KEY = { 'public-key': ' pk-1 ', 'assistant-id': 'asst-1', 'api-base-url': 'https://api.example' };

describe('startFor', () => {
  it('sends POST /call/web for the element target with the page context, and asks for the engine and daily-js, in the caller’s task', () => {
    document.title = 'Pricing';
    const { requests } = helpers();
    const start = startFor(element(KEY), requests);
    expect(requests.requestWebCall.mock.calls, 'one request, trimmed key, the page context in its variables').toEqual([
      [
        { baseUrl: 'https://api.example', token: 'pk-1', signal: start.abort!.signal },
        {
          assistantId: 'asst-1',
          assistantOverrides: {
            variableValues: { pageTitle: 'Pricing', pagePath: `${location.origin}${location.pathname}` },
          },
        },
      ],
    ]);
    expect(start.request, 'handed to the engine').toBe(requests.requestWebCall.mock.results[0]!.value);
  });

  it('persist keeps the room (roomDeleteOnUserLeaveEnabled: false); persist="false" does not', () => {
    const kept = helpers();
    startFor(element({ ...KEY, 'page-context': 'false', persist: '' }), kept.requests);
    expect(kept.requests.requestWebCall.mock.calls[0]![1], 'kept room').toEqual({
      assistantId: 'asst-1',
      roomDeleteOnUserLeaveEnabled: false,
    });
    const plain = helpers();
    startFor(element({ ...KEY, 'page-context': 'false', persist: 'false' }), plain.requests);
    expect(plain.requests.requestWebCall.mock.calls[0]![1], 'not kept').toEqual({ assistantId: 'asst-1' });
  });

  it('the element target property wins over the attributes', () => {
    const { requests } = helpers();
    const el = Object.assign(element({ ...KEY, 'page-context': 'false' }), { target: { squadId: 'sq-9' } });
    startFor(el, requests);
    expect(requests.requestWebCall.mock.calls[0]![1], 'the property').toEqual({ squadId: 'sq-9' });
  });

  it.each([
    ['consent required and not stored', { ...KEY, 'consent-required': '' }],
    ['overrides that are not JSON', { ...KEY, 'assistant-overrides': '{nope' }],
    ['no key', { 'assistant-id': 'asst-1' }],
    ['no target', { 'public-key': 'pk-1' }],
  ])('sends nothing with %s (the card explains or asks)', (_why, attributes) => {
    const { requests } = helpers();
    expect(startFor(element(attributes), requests), 'no early start').toEqual({});
    expect(requests.requestWebCall, 'nothing sent').not.toHaveBeenCalled();
  });

  it('consent stored under the element key lets the click send', () => {
    const el = element({ ...KEY, 'consent-required': '', 'consent-content': 'We record calls.' });
    localStorage.setItem(consentKey(el), '2026-11-25T20:00:00.000Z');
    const { requests } = helpers();
    startFor(el, requests);
    expect(requests.requestWebCall, 'sent').toHaveBeenCalledTimes(1);
  });
});

describe('elementTarget', () => {
  it('page-context="false" sends the attributes target alone; a squad gets no page variables', () => {
    expect(elementTarget(element({ 'assistant-id': 'a', 'page-context': ' false ' })), 'no context').toEqual({
      assistantId: 'a',
    });
    expect(elementTarget(element({ 'squad-id': 's' })), 'squad members have their own overrides').toEqual({
      squadId: 's',
    });
  });

  it('throws for overrides that cannot be read (the card puts it into words)', () => {
    expect(
      () => elementTarget(element({ 'assistant-id': 'a', 'assistant-overrides': '[1]' })),
      'not an object',
    ).toThrow(SyntaxError);
  });
});
