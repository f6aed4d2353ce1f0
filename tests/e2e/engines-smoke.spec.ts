/**
 * The browser tests' smoke subset in WebKit and Firefox (issue 39): Playwright's suites run in
 * Chromium only, so here each engine, driven by engines/driver.ts, loads the built site (landing,
 * calculator, contact modal with its stored row, a guide) and the built widget on a third-party
 * host page (chat, a voice call on the fake daily file, the call kept on the next page). One
 * browser per engine for all seven, to keep the added CI time small.
 *
 * The engines come from Debian (scripts/ensure-browser.ts installs them when it may). Missing,
 * the file skips with one sentence saying what to install, or fails with REQUIRE_ENGINES=1.
 */
import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { findEngines, missingEnginePackages, noEnginesMessage } from '../../scripts/browser.ts';
import { chatWebHandler, startLoopbackServer, type LoopbackServer } from '../../fixtures/loopback-server.ts';
import { DAILY_FILE, LOADER_FILE } from '../../widget/src/ports/manifest.ts';
import { WIDGET_DIR } from '../../widget/build.ts';
import { startHostPage, type HostPage } from '../fixtures/host-page/server.ts';
import { bundleFakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import { rowsFor, uniqueEmail } from './contact-helpers.ts';
import { SITE } from './widget-helpers.ts';
import { openEngine, waitFor, type EngineName, type EnginePage } from './engines/driver.ts';
import { MICROPHONE_STUB } from './engines/page-stubs.ts';

const ROOM = 'https://fake.daily.co/room-engines';
const missing = missingEnginePackages();
if (missing.length > 0 && process.env.REQUIRE_ENGINES === '1') throw new Error(noEnginesMessage(missing));

/** The widget's host element, its shadow root and a visible button of it named `name`, as page expressions. */
const WIDGET = `document.querySelector('ringwise-voice-call').shadowRoot`;
const widgetButton = (name: string) =>
  `[...${WIDGET}.querySelectorAll('button')].find((b) => b.getClientRects().length > 0 &&
    (b.getAttribute('aria-label') ?? b.textContent).trim() === ${JSON.stringify(name)})`;
// The status chip a person reads (not the first [role=status]: the rich file's hand-over note is one too, and
// comes first in the card once that file has loaded, which on a quick machine is before the call connects).
const STATUS = `${WIDGET}.querySelector('[part=status]')?.textContent`;
/** Whether the site's islands of these components have hydrated (Astro drops `ssr` then), as a page expression. */
const hydrated = (...components: string[]) =>
  `((islands) => islands.length === ${components.length} && islands.every((island) => !island.hasAttribute('ssr')))(
    [...document.querySelectorAll('astro-island')].filter((island) =>
      ${JSON.stringify(components)}.some((name) => island.getAttribute('component-url').includes('/' + name + '.'))))`;

for (const engine of ['webkit', 'firefox'] as const satisfies readonly EngineName[]) {
  test.describe(`${engine} smoke`, () => {
    // In order, one browser per engine (a failure restarts it for the next test); polls count, and a loaded
    // machine makes a poll slow: more room than the 60 s default.
    test.describe.configure({ timeout: 120_000 });
    test.skip(missing.length > 0, noEnginesMessage(missing));
    let page: EnginePage;
    let provider: LoopbackServer;
    let host: HostPage | null = null;
    let fakeDaily = '';

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      [page, provider, fakeDaily] = await Promise.all([
        openEngine(engine, findEngines()),
        startLoopbackServer(),
        bundleFakeDaily(),
      ]);
    });
    test.afterAll(async () => {
      await host?.close();
      await provider?.close();
      await page?.close();
    });
    test.beforeEach(() => provider.reset());
    test.afterEach(async () => {
      await host?.close();
      host = null;
    });

    /** The built widget, its daily file replaced by the fake, on a host page of its own origin. */
    const openHost = async (data: Record<string, string>) => {
      host = await startHostPage({
        loaderUrl: `/w/${LOADER_FILE}`,
        files: { dir: join(WIDGET_DIR, 'dist/cdn'), prefix: '/w/', replace: { [DAILY_FILE]: fakeDaily } },
        data: { 'public-key': 'pk-engines', 'assistant-id': 'asst-engines', 'api-base-url': provider.url, ...data },
        connect: [provider.url],
        include: 'once',
        look: 'light',
        init: MICROPHONE_STUB,
      });
      await page.goto(host.url);
    };

    test('landing page: the hero, and its islands hydrated', async () => {
      await page.goto(`${SITE}/`);
      expect(await page.run<string>(`return document.querySelector('h1').textContent.trim();`)).toBe(
        'Never Miss Another Call. Never Lose Another Lead.',
      );
      await waitFor(page, hydrated('Header', 'HeroCall'), 'the header and hero islands hydrated');
    });

    test('calculator: typed figures give the formula’s results', async () => {
      await page.goto(`${SITE}/#roi-calculator`);
      const input = `document.querySelector('#roi-calculator input[id$="-dealValue"]')`;
      await waitFor(page, hydrated('RoiCalculator'), 'the calculator hydrated');
      await page.run(`const el = ${input}; el.focus(); el.select();`);
      await page.type(input, '1200');
      // 8 × 4.33 × 0.35 × 1200 = 14548.8 a month; × 12 = 174585.6; + 12 × 10 × 4.33 × 25 = 187575.6
      const figures = `[...document.querySelectorAll('#roi-calculator .roi-result dd')].map((dd) => dd.textContent)`;
      await waitFor(page, `${figures}.join() === '$14,549,$174,586,$1,083,$187,576'`, 'the four figures');
    });

    test('contact modal: opened from the hero, sent, stored as one row', async () => {
      await page.goto(`${SITE}/`);
      // The modal's island hydrates when idle; a click before that is queued and replayed (issue 39's early clicks).
      await waitFor(page, hydrated('Header', 'HeroCall'), 'the header and hero hydrated');
      await page.click(
        `[...document.querySelectorAll('#hero button')].find((b) => b.textContent.trim() === 'Get in Contact')`,
      );
      const field = (name: string) => `document.querySelector('dialog[open] [id$="-${name}"]')`;
      await waitFor(page, field('name'), 'the modal opened');
      const email = uniqueEmail(engine);
      await page.type(field('name'), 'Ann Lee');
      await page.type(field('businessName'), `Lee Plumbing (${engine})`);
      await page.type(field('email'), email);
      await page.click(
        `[...document.querySelectorAll('dialog[open] button')].find((b) => b.textContent.trim() === 'Send Message')`,
      );
      const thanked = `document.body.textContent.includes('Your message has been sent successfully!')`;
      await waitFor(page, thanked, 'thanked');
      const rows = await rowsFor(email);
      expect(
        rows.map((row) => [row.name, row.business_name]),
        'one row as typed',
      ).toEqual([['Ann Lee', `Lee Plumbing (${engine})`]]);
    });

    test('a guide: its page and quick answer', async () => {
      await page.goto(`${SITE}/qa/ai-phone-calls/`);
      expect(await page.run<string>(`return document.querySelector('h1').textContent.trim();`)).toBe(
        'AI Phone Calls: How They Work and What They Can Do',
      );
      expect(
        await page.run<boolean>(
          `return document.body.textContent.includes('An AI phone call is a live phone conversation');`,
        ),
      ).toBe(true);
    });

    test('widget chat: a typed message gets the streamed reply', async () => {
      provider.route(
        'POST',
        '/chat/web',
        chatWebHandler({ reply: 'Yes, we fix boilers on Sundays.', sessionId: 's-1' }),
      );
      await openHost({ mode: 'chat' });
      await page.click(widgetButton('Chat with Our Agent'));
      const field = `${WIDGET}.querySelector('[aria-label="Message"]')`;
      await waitFor(page, field, 'the message field');
      await page.type(field, 'Do you fix boilers on Sundays?', { enter: true });
      const turns = `[...${WIDGET}.querySelectorAll('[part=turn]')].map((turn) => turn.textContent)`;
      await waitFor(page, `${turns}.join('|').includes('Yes, we fix boilers on Sundays.')`, 'the reply');
      expect(
        provider.requestsTo('POST', '/chat/web').map((r) => r.json),
        'one message',
      ).toEqual([{ assistantId: 'asst-engines', input: 'Do you fix boilers on Sundays?', stream: true }]);
    });

    test('widget voice call on the fake Daily, kept on the next page, then hung up', async () => {
      provider.route('POST', '/call/web', { status: 201, body: { id: 'call-engines', webCallUrl: ROOM } });
      await openHost({ mode: 'voice', persist: 'true' });
      await page.click(widgetButton('Talk to Our Agent'));
      await waitFor(page, `${STATUS} === 'Listening…'`, 'connected');
      const joins = `(() => {
        const event = new CustomEvent('fake-daily', { detail: { command: 'info' } });
        document.dispatchEvent(event);
        return event.detail.result.joins;
      })()`;
      expect(await page.run<string[]>(`return ${joins};`), 'joined the room').toEqual([ROOM]);
      expect(
        await page.run<string>(`return sessionStorage.getItem('microphone-requests');`),
        'the stub answered',
      ).not.toBe('0');
      // Continuity: the next page (the same address, loaded again) rejoins the kept call without a new request.
      // Firefox and WebKit allow no audio without a gesture there, so the card asks for one tap: Resume call.
      await page.goto(host!.url);
      await waitFor(page, widgetButton('Resume call'), 'the kept call offered on the next page');
      await page.click(widgetButton('Resume call'));
      await waitFor(page, `${STATUS} === 'Listening…'`, 'rejoined on the next page');
      expect(await page.run<string[]>(`return ${joins};`), 'the same room').toEqual([ROOM]);
      expect(provider.requestsTo('POST', '/call/web'), 'one POST /call/web for both pages').toHaveLength(1);
      await page.click(widgetButton('Hang Up'));
      await waitFor(page, `${STATUS} !== 'Listening…'`, 'hung up');
    });
  });
}
