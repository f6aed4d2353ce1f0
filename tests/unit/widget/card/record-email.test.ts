// @vitest-environment happy-dom
/**
 * "Email me a copy" in the card (issue 38): the menu offers it only with `transcript-endpoint`; its
 * form (a labelled field, Send, Cancel) checks the address, keeps what was typed on a mistake or a
 * failed POST, sends the turns as heard only when the visitor presses Send, and says it was sent.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { allByRole, getByRole, isHidden, queryByRole } from '../element/dom-helpers.ts';
import { flush, mount, open, type } from '../element/harness.ts';

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

const ENDPOINT = 'https://owner.example/api/transcript-requests';
const CHAT = { 'public-key': 'pk', 'assistant-id': 'a', mode: 'chat', title: 'Ada' };

/**
 * The page's fetch (over the harness's, so call it after `mount`): every request to the owner's
 * endpoint recorded and answered with the next of `statuses` (or a network error).
 */
function endpoint(statuses: Array<number | 'offline'>) {
  const sent: Array<{ url: string; init: RequestInit }> = [];
  const others = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (String(url) !== ENDPOINT) return others(url, init);
    sent.push({ url: String(url), init });
    const status = statuses.shift() ?? 200;
    return status === 'offline'
      ? Promise.reject(new TypeError('Failed to fetch'))
      : Promise.resolve(new Response(null, { status }));
  });
  return sent;
}

const openMenu = async (shadow: ShadowRoot) => {
  getByRole(shadow, 'button', EN_LABELS.recordMenu).click();
  await vi.waitFor(() => expect(queryByRole(shadow, 'menu')).not.toBeNull());
  return allByRole(getByRole(shadow, 'menu'), 'menuitem')
    .filter((item) => !item.hidden)
    .map((item) => item.textContent);
};

async function formOf(shadow: ShadowRoot) {
  await openMenu(shadow);
  getByRole(shadow, 'menuitem', EN_LABELS.emailCopy).click();
  const dialog = shadow.querySelector<HTMLElement>('[part=email-form]')!;
  const input = dialog.querySelector('input')!;
  return { dialog, input, form: dialog.querySelector('form')!, error: dialog.querySelector('[role=alert]')! };
}

test('without transcript-endpoint the menu has no "Email me a copy"', async () => {
  const mounted = await mount(CHAT);
  await open(mounted);
  type(mounted.shadow, 'Hello');
  await flush();
  expect(await openMenu(mounted.shadow)).not.toContain(EN_LABELS.emailCopy);
});

test('the form: a labelled field with focus; a mistyped address is explained and kept, nothing sent', async () => {
  const mounted = await mount({ ...CHAT, 'transcript-endpoint': ENDPOINT });
  const sent = endpoint([]);
  await open(mounted);
  type(mounted.shadow, 'Do you fix boilers?');
  await flush();
  expect(await openMenu(mounted.shadow)).toContain(EN_LABELS.emailCopy);
  getByRole(mounted.shadow, 'menuitem', EN_LABELS.emailCopy).click();
  const { dialog, input, form, error } = await formOf(mounted.shadow);
  expect(isHidden(dialog)).toBe(false);
  expect(mounted.shadow.activeElement).toBe(input);
  expect(mounted.shadow.querySelector(`label[for=${input.id}]`)!.textContent).toBe(EN_LABELS.emailLabel);
  expect(input.dir, 'an address reads left to right, also in a right-to-left card').toBe('ltr');
  input.value = 'ada@example';
  form.requestSubmit();
  await flush();
  expect(error.textContent).toBe(EN_LABELS.emailInvalid);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(input.value, 'what was typed stays').toBe('ada@example');
  expect(sent).toEqual([]);
});

test('Send POSTs the heard turns as JSON; a failure keeps the form and the address; a success says so', async () => {
  const mounted = await mount({ ...CHAT, 'transcript-endpoint': ENDPOINT });
  const sent = endpoint([500, 'offline', 200]);
  await open(mounted);
  const { shadow } = mounted;
  type(shadow, 'Do you fix boilers?');
  await flush();
  const { dialog, input, form, error } = await formOf(shadow);
  input.value = 'ada@example.com';
  form.requestSubmit();
  await vi.waitFor(() => expect(error.textContent).toBe(EN_LABELS.emailFailed));
  expect(isHidden(dialog)).toBe(false);
  expect(input.value).toBe('ada@example.com');
  form.requestSubmit();
  await vi.waitFor(() => expect(sent).toHaveLength(2));
  await vi.waitFor(() => expect(error.textContent, 'offline').toBe(EN_LABELS.emailFailed));
  form.requestSubmit();
  await vi.waitFor(() => expect(shadow.querySelector('[part=record-status]')!.textContent).toBe(EN_LABELS.emailSent));
  expect(isHidden(dialog)).toBe(true);
  expect(shadow.activeElement, 'focus back on the menu button').toBe(getByRole(shadow, 'button', EN_LABELS.recordMenu));
  expect(sent).toHaveLength(3);
  expect(sent[2]!.url).toBe(ENDPOINT);
  expect(sent[2]!.init.method).toBe('POST');
  const body = JSON.parse(String(sent[2]!.init.body));
  expect(body).toMatchObject({ email: 'ada@example.com', assistant: 'Ada', locale: 'en-US' });
  expect(body.transcript).toEqual([
    { speaker: 'visitor', name: EN_LABELS.you, text: 'Do you fix boilers?', at: expect.any(String) },
  ]);
});

test('Escape and Cancel close the form without sending; focus returns to the menu button', async () => {
  const mounted = await mount({ ...CHAT, 'transcript-endpoint': ENDPOINT });
  const sent = endpoint([]);
  await open(mounted);
  const { shadow } = mounted;
  type(shadow, 'Hi');
  await flush();
  let { dialog, input } = await formOf(shadow);
  input.value = 'ada@example.com';
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
  expect(isHidden(dialog)).toBe(true);
  expect(shadow.activeElement).toBe(getByRole(shadow, 'button', EN_LABELS.recordMenu));
  ({ dialog } = await formOf(shadow));
  getByRole(dialog, 'button', EN_LABELS.cancel).click();
  expect(isHidden(dialog)).toBe(true);
  await flush();
  expect(sent, 'nothing is sent unless the visitor presses Send').toEqual([]);
});
