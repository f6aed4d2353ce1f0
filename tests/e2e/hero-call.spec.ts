/**
 * The hero's 'Talk to Our Agent' on our BUILT site: the island loads the widget's engine from
 * /widget/ on intent, calls the loopback provider fixture (the build's PUBLIC_VOICE_API_BASE_URL,
 * port 4599) with the configured key and assistant, and a fake call engine served at the daily
 * chunk's URL drives the call (route interception; nothing test-only in the build).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { silentMessage } from '../fixtures/app-messages.ts';
import { fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import { E2E_ENV } from '../../fixtures/e2e-env.ts';
import { waitForIsland } from './site-helpers.ts';
import { chunkRequests, preparePage, siteProvider } from './widget-helpers.ts';

const site = siteProvider((server) => {
  server.route('POST', '/call/web', {
    status: 201,
    body: { id: 'hero-call-1', webCallUrl: 'https://fake.daily.co/hero' },
  });
});

const hero = (page: Page) => page.locator('#hero');
const status = (page: Page) => hero(page).getByRole('status');

/** Prepares the page (`preparePage`), opens the home page and waits for the hero's island; returns the log. */
async function heroReady(page: Page) {
  const log = await preparePage(page);
  await page.goto('/');
  await waitForIsland(page, 'HeroCall');
  return log;
}

test('Talk to Our Agent → one POST /call/web → Hang Up while active → speaking → back; axe clean with the call open', async ({
  page,
}) => {
  const log = await heroReady(page);
  await page.waitForLoadState('networkidle');
  expect(chunkRequests(log), 'the engine does not load with the page').toEqual([]);

  const button = hero(page).getByRole('button', { name: 'Talk to Our Agent' });
  await button.click();
  const request = await site.server.waitForRequest((r) => r.path === '/call/web');
  expect(request.method, 'POST').toBe('POST');
  expect(request.headers.authorization, 'bearer public key').toBe(`Bearer ${E2E_ENV.PUBLIC_VOICE_PUBLIC_KEY}`);
  // The hero drives the page's widget (one conversation): its request keeps the room for the next
  // page (persist) and names the page (page-context).
  expect(request.json, 'the configured assistant').toMatchObject({
    assistantId: E2E_ENV.PUBLIC_VOICE_ASSISTANT_ID,
    roomDeleteOnUserLeaveEnabled: false,
  });

  await expect(status(page), 'active').toHaveText('Listening…');
  const hangUp = hero(page).getByRole('button', { name: 'Hang Up' });
  await expect(hangUp, "'Hang Up' while active").toBeVisible();

  expect(await fakeDaily(page, { command: 'assistant-audio' }), 'assistant audio').toBe(true);
  await fakeDaily(page, { command: 'levels', level: 0.3 });
  await expect(hero(page).locator('.hero-call[data-speaking]'), 'speaking indicator').toHaveCount(1);
  await expect(
    hero(page).locator('.hero-call-status'),
    'the status line says so (the same line as the widget’s), with the elapsed time',
  ).toHaveText(/^Agent is speaking — talk to interrupt · \d+:\d\d$/);
  await expect(status(page), 'without announcing it').toHaveText('Listening…');
  const volume = await hero(page)
    .locator('.hero-call-indicator')
    .evaluate((el) => (el as HTMLElement).style.getPropertyValue('--volume'));
  expect(Number(volume), 'volume = 0.3 / 0.15, capped at 1').toBe(1);
  await fakeDaily(page, { command: 'levels', level: 0 });
  await expect(
    hero(page).locator('.hero-call[data-speaking]'),
    'speaking off a second after the level drops',
  ).toHaveCount(0);

  // Mute is the floating card's (one set of controls per call); the hero's status follows it.
  const card = page.locator('#ringwise-site-widget');
  await card.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Unmute' }), 'muted').toBeVisible();
  await expect(status(page), 'muted announced').toHaveText("You're muted — the agent can't hear you");

  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'axe with the call open',
  ).toEqual([]);

  await hangUp.click();
  await expect(status(page), 'ended, with its length').toHaveText(/^Call ended · \d+:\d\d$/);
  await expect(hero(page).getByRole('button', { name: 'Talk to Our Agent' }), 'idle again').toBeVisible();
  expect(site.server.requestsTo('POST', '/call/web'), 'exactly one POST').toHaveLength(1);
  expect(log.errors, 'no console errors or unhandled rejections').toEqual([]);
});

test('microphone denied: the hero shows why, inline', async ({ page }) => {
  const log = await preparePage(page, 'denied');
  await page.goto('/');
  await waitForIsland(page, 'HeroCall');
  await hero(page).getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(status(page), 'denied message with its fix').toHaveText(
    'Microphone access was denied. Allow the microphone: click the icon at the left of the address bar, then try again.',
  );
  await expect(hero(page).getByRole('button', { name: 'Talk to Our Agent' }), 'back to idle, can retry').toBeVisible();
  expect(log.errors, 'no console errors or unhandled rejections').toEqual([]);
});

test('the demo assistant’s client tools: "show the ROI calculator" scrolls to it, "open the contact form" opens the modal, and the assistant is told', async ({
  page,
}) => {
  const log = await heroReady(page);
  await hero(page).getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(status(page), 'active').toHaveText('Listening…');
  const toolCalls = (id: string, name: string) => ({
    type: 'tool-calls',
    toolCallList: [{ id, type: 'function', function: { name, arguments: '{}' } }],
  });

  await fakeDaily(page, { command: 'message', message: toolCalls('t1', 'showRoiCalculator') });
  await expect(page.locator('#roi-calculator'), 'the calculator is scrolled into view').toBeInViewport();
  await fakeDaily(page, { command: 'message', message: toolCalls('t2', 'openContactForm') });
  await expect(page.locator('dialog[open]'), 'the contact modal is open').toBeVisible();
  await expect
    .poll(async () =>
      (await fakeDaily<{ messages: unknown[] }>(page, { command: 'info' })).messages.filter(
        (m) => (m as { type?: string }).type === 'add-message',
      ),
    )
    .toEqual([
      silentMessage('system', 'The ROI calculator is now on the visitor’s screen.'),
      silentMessage('system', 'The contact form is now open on the visitor’s screen.'),
    ]);
  expect(log.errors, 'no console errors').toEqual([]);
});
