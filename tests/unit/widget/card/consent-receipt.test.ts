// @vitest-environment happy-dom
/**
 * The consent receipt (issue 38, card/ask-consent.ts): on Accept, `ringwise-consent` carries
 * `{ consentTextHash, version, acceptedAt, locale }`, where the hash is the SHA-256 of the exact
 * text the card showed; the receipt is stored under the version's key and goes with the call as
 * `assistantOverrides.metadata.consentReceipt`; a changed text (its hash) asks again even under
 * the same storage key.
 */
import { createHash } from 'node:crypto';
import { afterEach, expect, test, vi } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { getByRole, queryByRole } from '../element/dom-helpers.ts';
import { flush, mount, open } from '../element/harness.ts';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const CONSENT = {
  'public-key': 'pk',
  'assistant-id': 'a',
  'consent-required': '',
  'consent-title': 'Recording notice',
  'consent-content': 'We record calls. See [our policy](https://acme.example/privacy) and [x](http://a.example).',
  'consent-storage-key': 'acme-consent-v1',
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

test('Accept: the receipt in the event, in storage and in the call’s metadata; the hash is of the text shown', async () => {
  const mounted = await mount({ ...CONSENT, locale: 'en-GB' });
  const details: Record<string, unknown>[] = [];
  mounted.el.addEventListener('ringwise-consent', (event) => details.push(event.detail));
  await open(mounted);
  const dialog = getByRole(mounted.shadow, 'dialog', 'Recording notice');
  // What the visitor read: the title, then the text (a link as its words).
  const shown = `${dialog.querySelector('h3')!.textContent}\n${dialog.querySelector('p')!.textContent}`;
  expect(shown).toBe('Recording notice\nWe record calls. See our policy and [x](http://a.example).');
  const before = Date.now();
  getByRole(mounted.shadow, 'button', EN_LABELS.accept).click();
  await vi.waitFor(() => expect(details).toHaveLength(1));
  await flush();
  const detail = details[0]!;
  expect(detail).toEqual({
    decision: 'accepted',
    stored: true,
    consentTextHash: sha256(shown),
    version: 'acme-consent-v1',
    acceptedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    locale: 'en-GB',
  });
  expect(Date.parse(detail.acceptedAt as string)).toBeGreaterThanOrEqual(before - 1);
  const receipt = { consentTextHash: detail.consentTextHash, version: detail.version };
  expect(JSON.parse(localStorage.getItem('acme-consent-v1')!), 'stored as a receipt').toMatchObject({
    consentReceipt: receipt,
  });
  const starts = mounted.modules.voice.client().starts;
  expect(starts, 'the call carries the receipt in its metadata').toEqual([
    {
      assistantId: 'a',
      assistantOverrides: {
        metadata: {
          consentReceipt: { ...receipt, acceptedAt: detail.acceptedAt, locale: 'en-GB' },
        },
      },
    },
  ]);
});

test('the early request of a later click carries the stored receipt too', async () => {
  const acceptedAt = '2026-01-01T00:00:00.000Z';
  const receipt = { consentTextHash: 'ab'.repeat(32), version: 'acme-consent-v1', acceptedAt, locale: 'en' };
  const mounted0 = await mount(CONSENT);
  const shown = `Recording notice\nWe record calls. See our policy and [x](http://a.example).`;
  // The stored receipt's short key must match the text shown now (else it asks again).
  const { hashText } = await import('../../../../widget/src/conversation/element-start.ts');
  localStorage.setItem('acme-consent-v1', JSON.stringify({ consentReceipt: receipt, textKey: hashText(shown) }));
  await open(mounted0);
  expect(queryByRole(mounted0.shadow, 'dialog', 'Recording notice'), 'not asked').toBeNull();
  expect(
    mounted0.requests.map((r) => r.body),
    'the click’s POST /call/web',
  ).toEqual([{ assistantId: 'a', assistantOverrides: { metadata: { consentReceipt: receipt } } }]);
});

test('a changed text asks again under the same storage key; the same text does not', async () => {
  const first = await mount(CONSENT);
  await open(first);
  getByRole(first.shadow, 'button', EN_LABELS.accept).click();
  await vi.waitFor(() => expect(localStorage.getItem('acme-consent-v1')).not.toBeNull());
  document.body.replaceChildren();
  const same = await mount(CONSENT);
  await open(same);
  expect(queryByRole(same.shadow, 'dialog', 'Recording notice'), 'same text: not asked').toBeNull();
  document.body.replaceChildren();
  const changed = await mount({ ...CONSENT, 'consent-content': 'We record calls and keep transcripts.' });
  await open(changed);
  expect(getByRole(changed.shadow, 'dialog', 'Recording notice'), 'changed text, same key: asked').toBeTruthy();
});
