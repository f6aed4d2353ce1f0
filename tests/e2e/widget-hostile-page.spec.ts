/**
 * Issue 23 on the third-party host page with the BUILT loader (strict CSP, Chromium): planted
 * markup configures nothing; Trusted Types enforced with the policy `ringwise` allowed works, and
 * refused, the launcher says the page's security policy blocks the widget and one console line
 * names the fix; a reply cut at its limit says so, and an unreadable answer is a visible error with
 * 'Try again'. Screenshots (light / dark, 1280 / 390 px) of the cut note and the blocked launcher
 * go to screenshots/widget/ (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  chatWebEvents,
  chatWebHandler,
  startLoopbackServer,
  type LoopbackServer,
} from '../../fixtures/loopback-server.ts';
import { hostPages } from './widget-helpers.ts';

const KEY = 'pk-hostile';
const ASSISTANT = 'asst-hostile';
const OUT = 'screenshots/widget';

const hosts = hostPages({
  data: (providerUrl) => ({
    'public-key': KEY,
    'assistant-id': ASSISTANT,
    'api-base-url': providerUrl,
    mode: 'chat',
    title: 'Acme Assistant',
  }),
  options: { include: 'once' },
});

let attacker: LoopbackServer;
test.beforeAll(async () => {
  attacker = await startLoopbackServer();
  attacker.route('POST', '/chat/web', chatWebHandler({ reply: 'Please verify your account.' }));
  mkdirSync(OUT, { recursive: true });
});
test.afterAll(() => attacker.close());

const widgets = (page: Page) => page.locator('ringwise-voice-call');
/** Every console line of the page, as `type: text`. */
function consoleOf(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(`${message.type()}: ${message.text()}`));
  return lines;
}

async function chat(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Chat with Our Agent' }).click();
  await widgets(page).getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
}

test("planted markup before the script tag configures nothing: the message goes to the script tag's API, no phishing consent", async ({
  page,
}) => {
  hosts.provider.route('POST', '/chat/web', chatWebHandler({ reply: 'We come on Sundays too.', sessionId: 's-real' }));
  const lines = consoleOf(page);
  const planted =
    `<ringwise-voice-call data-ringwise-launcher api-base-url="${attacker.url}" public-key="pk-attacker" assistant-id="asst-attacker" ` +
    'mode="chat" consent-required consent-content="[Verify your account](https://attacker.example/phish)"></ringwise-voice-call>';
  // The attacker's origin is allowed by the page's own policy: only the loader can refuse it.
  await hosts.open(page, { markup: planted, connect: [hosts.provider.url, attacker.url] });
  await expect(widgets(page), "the planted element and the loader's own").toHaveCount(2);
  await chat(page, 'Sundays?');
  await expect(widgets(page).locator('[part=turn]').nth(1), 'the reply from the configured API').toHaveText(
    'Agent: We come on Sundays too.',
  );
  expect(
    hosts.provider.requestsTo('POST', '/chat/web').map((r) => r.headers.authorization),
    "sent with the script tag's key",
  ).toEqual([`Bearer ${KEY}`]);
  expect(attacker.requests, 'nothing reached the planted api-base-url').toEqual([]);
  await expect(page.getByRole('link', { name: 'Verify your account' }), 'no planted consent link').toHaveCount(0);
  const planted0 = widgets(page).first();
  expect(
    await planted0.evaluate((el) => [
      el.hasAttribute('public-key') && el.getAttribute('public-key'),
      el.shadowRoot?.childElementCount,
    ]),
    'the planted one is empty',
  ).toEqual(['pk-attacker', 0]);
  expect(
    lines.filter((line) => line.includes('ignored markup the loader did not create')),
    'one console line says why',
  ).toHaveLength(1);
});

test('data-mount="false" on the script tag allows the page\'s own markup', async ({ page }) => {
  hosts.provider.route('POST', '/chat/web', chatWebHandler({ reply: 'Inline hello.', sessionId: 's-inline' }));
  const own = `<ringwise-voice-call public-key="${KEY}" assistant-id="${ASSISTANT}" api-base-url="${hosts.provider.url}" mode="chat" position="inline"></ringwise-voice-call>`;
  await hosts.open(page, { markup: own, data: { mount: 'false' } });
  await chat(page, 'Hi');
  await expect(widgets(page).locator('[part=turn]').nth(1), "the page's own element works").toHaveText(
    'Agent: Inline hello.',
  );
});

test('Trusted Types enforced, the policy ringwise allowed: the card loads and a reply streams', async ({ page }) => {
  hosts.provider.route('POST', '/chat/web', chatWebHandler({ reply: 'Trusted and typed.', sessionId: 's-tt' }));
  const lines = consoleOf(page);
  await hosts.open(page, { policy: ["require-trusted-types-for 'script'", 'trusted-types ringwise'] });
  await chat(page, 'Hello?');
  await expect(widgets(page).locator('[part=turn]').nth(1), 'the reply').toHaveText('Agent: Trusted and typed.');
  expect(
    lines.filter((line) => /trusted|violat|refused/i.test(line)),
    'no Trusted Types violation',
  ).toEqual([]);
});

for (const width of [1280, 390] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`Trusted Types enforced, ringwise refused: the launcher says the page blocks it, one console line names the fix (${theme}, ${width})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const lines = consoleOf(page);
      await hosts.open(page, {
        policy: ["require-trusted-types-for 'script'", 'trusted-types other-policy'],
        look: theme,
        data: { theme },
      });
      await page.getByRole('button', { name: 'Chat with Our Agent' }).click();
      await expect(
        page.getByRole('button', { name: "Blocked by this page's security policy" }),
        'the launcher says why',
      ).toBeVisible();
      expect(
        lines.filter((line) => line.includes('"trusted-types ringwise"')),
        'one line names the fix',
      ).toEqual([
        `error: ringwise-voice-call: blocked by Trusted Types; add "trusted-types ringwise" to the page's CSP`,
      ]);
      await page.screenshot({ path: `${OUT}/issue23-tt-blocked-${theme}-${width}.png` });
    });

    test(`a reply cut at its limit says so under it (${theme}, ${width})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      // Far past the 100,000-character cap, in 1 KB deltas.
      const events = chatWebEvents({ reply: 'All about boilers. '.repeat(6_000), deltaSize: 1000 }, 's-cut');
      hosts.provider.route('POST', '/chat/web', { headers: { 'content-type': 'text/event-stream' }, chunks: events });
      await hosts.open(page, { look: theme, data: { theme } });
      await chat(page, 'Tell me everything about boilers');
      const note = widgets(page).locator('[part=reply-cut]');
      await expect(note, 'the note').toHaveText('The answer was cut off here.');
      const shown = await widgets(page)
        .locator('[part=turn]')
        .nth(1)
        .evaluate((el) => el.querySelector('.pt, span:not(.sr)')?.parentElement?.textContent?.length ?? 0);
      expect(shown, 'the reply stops at the cap').toBeLessThan(100_200);
      await widgets(page)
        .locator('[part=conversation]')
        .evaluate((log) => (log.scrollTop = log.scrollHeight));
      await page.screenshot({ path: `${OUT}/issue23-reply-cut-${theme}-${width}.png` });
    });
  }
}

test('a 200 whose JSON is cut off is a visible error with Try again, and Try again recovers', async ({ page }) => {
  hosts.provider.route(
    'POST',
    '/chat/web',
    { headers: { 'content-type': 'application/json' }, body: '{"sessionId":"s-1","output":"Hal' },
    chatWebHandler({ reply: 'Second time lucky.', sessionId: 's-2' }),
  );
  await hosts.open(page);
  await chat(page, 'Hello?');
  const error = widgets(page).locator('[part=error]');
  await expect(error, 'says the answer could not be read').toContainText(
    'The assistant service sent an answer that could not be read.',
  );
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(widgets(page).locator('[part=turn]').last(), 'the retry').toHaveText('Agent: Second time lucky.');
});
