// @vitest-environment happy-dom
/**
 * The consent question in its own file (card/consent-file.ts, `voice-widget-consent.js`; issue 35:
 * not in the card file): the element asks for it beside the card's only with `consent-required`
 * (element/voice-call-element.ts `withCompanionFiles`), the card waits for it before its first action
 * and sends nothing meanwhile, and a file that cannot load is said plainly, nothing sent, asked again
 * at the next action (card/consent-part.ts).
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { getByRole, queryByRole } from '../element/dom-helpers.ts';
import { flush, mount, open } from '../element/harness.ts';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const CONSENT = { 'public-key': 'pk', 'assistant-id': 'a', 'consent-required': '' };

describe('the consent file', () => {
  test('asked for in the same task as the card file with consent-required; never without it', async () => {
    const asking = await mount(CONSENT);
    asking.launcher().dispatchEvent(new Event('pointerenter'));
    const card = asking.modules.loads.indexOf('card');
    expect(card, 'the card file asked for on intent').toBeGreaterThanOrEqual(0);
    expect(asking.modules.loads, 'the consent file right beside it, before anything else').toContain('consent');
    expect(Math.abs(asking.modules.loads.indexOf('consent') - card), 'side by side').toBe(1);

    const plain = await mount({ 'public-key': 'pk', 'assistant-id': 'a' });
    await open(plain);
    expect(plain.modules.loads, 'no consent file for everyone else').not.toContain('consent');
    expect(plain.modules.loads, 'the card did load').toContain('card');
  });

  test('a card in before the consent file waits for it: nothing sent, then the question (English title)', async () => {
    let held: { release(): void } | undefined;
    const mounted = await mount(CONSENT, (modules) => (held = modules.holdConsent()));
    mounted.launcher().click();
    await flush();
    await flush();
    expect(mounted.modules.loads, 'both asked for').toEqual(expect.arrayContaining(['card', 'consent']));
    expect(mounted.requests, 'nothing sent while the question is on its way').toEqual([]);
    expect(
      mounted.modules.voice.clients.flatMap((c) => c.starts),
      'no call',
    ).toEqual([]);
    held!.release();
    await flush();
    await flush();
    const dialog = getByRole(mounted.shadow, 'dialog', EN_LABELS.consentTitle);
    expect(dialog.textContent, "the file's English text").toContain(EN_LABELS.consentContent);
    expect(mounted.requests, 'still nothing before Accept').toEqual([]);
    getByRole(mounted.shadow, 'button', EN_LABELS.accept).click();
    await vi.waitFor(() => expect(mounted.modules.voice.client().starts).toHaveLength(1));
  });

  test("consent already given, the file still on its way: the click's early request waits and is the call's", async () => {
    localStorage.setItem('acme-v1', '2026-01-01T00:00:00.000Z');
    let held: { release(): void } | undefined;
    const mounted = await mount({ ...CONSENT, 'consent-storage-key': 'acme-v1' }, (m) => (held = m.holdConsent()));
    mounted.launcher().click();
    await flush();
    await flush();
    expect(mounted.requests.length, 'the early request left at the click').toBe(1);
    held!.release();
    await vi.waitFor(() => expect(mounted.modules.voice.client().starts).toHaveLength(1));
    expect(queryByRole(mounted.shadow, 'dialog', EN_LABELS.consentTitle), 'not asked again').toBeNull();
    expect(mounted.requests.length, 'no second request: the early one was adopted, not dropped').toBe(1);
  });

  test('a consent file that cannot load: the card says a part could not be downloaded, sends nothing, asks again', async () => {
    const mounted = await mount(CONSENT, (modules) => modules.failNextConsentLoads(2));
    await open(mounted);
    await flush();
    const { shadow } = mounted;
    expect(shadow.textContent, 'said plainly by the card itself').toContain(EN_LABELS.errorEngine);
    expect(queryByRole(shadow, 'dialog', EN_LABELS.consentTitle), 'no question').toBeNull();
    expect(mounted.requests, 'nothing sent').toEqual([]);
    expect(
      mounted.modules.voice.clients.flatMap((c) => c.starts),
      'no call',
    ).toEqual([]);
    const tries = mounted.modules.loads.filter((name) => name === 'consent').length;
    getByRole(shadow, 'button', EN_LABELS.retry).click();
    await flush();
    await flush();
    expect(
      mounted.modules.loads.filter((name) => name === 'consent').length,
      'the next action asks for the file again',
    ).toBeGreaterThan(tries);
    await vi.waitFor(() => getByRole(shadow, 'dialog', EN_LABELS.consentTitle));
    expect(mounted.requests, 'nothing sent before Accept').toEqual([]);
  });
});
