/**
 * What a website owner controls (issue 11), with the BUILT loader, card and engines on the
 * third-party host page (hostile CSS, strict CSP) against the loopback provider; the daily chunk
 * is the fake call engine (route interception), so the platform's app messages can be played in.
 * - client tools: a `tool-calls` message runs the registered function once with the parsed
 *   arguments; an unknown tool and a throwing function each give one `ringwise-error`, and no
 *   unhandled rejection; `addMessage` / `say` / `send` reach the call as the platform's messages;
 * - overrides from HTML: `data-assistant-overrides` and `data-variable-name` in the POST /call/web
 *   and POST /chat/web bodies, exactly; invalid JSON shows its error and sends nothing;
 * - `data-bundle-path-override` reaches the Daily adapter;
 * - screenshots of the invalid-overrides error (light/dark × 1280/390) in `screenshots/widget/`.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import type { FakeDailyInfo } from '../fixtures/host-page/fake-daily.ts';
import { chatWebHandler } from '../../fixtures/loopback-server.ts';
import { dataFor, hostPages, offSizeButtons, widgetAxe } from './widget-helpers.ts';

const KEY = 'pk-owner';
const ASSISTANT = 'asst-owner';
const ROOM = 'https://fake.daily.co/room-owner';
const OVERRIDES = '{"firstMessage":"Hi {{name}}, how can I help?","variableValues":{"plan":"pro"}}';
const EXPECTED_TARGET = {
  assistantId: ASSISTANT,
  assistantOverrides: { firstMessage: 'Hi {{name}}, how can I help?', variableValues: { plan: 'pro', name: 'Ada' } },
};
const INVALID = '{"firstMessage": "Hi",}';
const SHOTS = 'screenshots/widget';

const hosts = hostPages({
  routes: (provider) => {
    provider.route('POST', '/call/web', { status: 201, body: { id: 'call-owner', webCallUrl: ROOM } });
    provider.route('POST', '/chat/web', chatWebHandler({ reply: 'Hello Ada.', sessionId: 'sess-owner' }));
  },
  data: dataFor(KEY, ASSISTANT, { mode: 'voice', title: 'Acme Assistant' }),
  options: { include: 'once' },
});

const widget = (page: Page) => page.locator('ringwise-voice-call');
const card = (page: Page) => widget(page).getByRole('dialog', { name: 'Acme Assistant' });
const toolCalls = (id: string, name: string, args?: string) => ({
  type: 'tool-calls',
  toolCallList: [{ id, type: 'function', function: { name, arguments: args } }],
});

/** What the page recorded through the element's events and tools (kept on the element itself). */
interface Recorded {
  tools: unknown[][];
  toolEvents: unknown[];
  errors: { type: string; message: string; tool?: { name: string } }[];
}

const recorded = (page: Page) => widget(page).evaluate((el) => (el as unknown as { recorded: Recorded }).recorded);

test('client tools: the registered function runs once with the parsed arguments; an unknown and a throwing tool are one ringwise-error each; addMessage, say and send reach the call', async ({
  page,
}) => {
  const log = await hosts.open(page, { data: { 'bundle-path-override': 'https://cdn.example.com/daily/' } });
  // What a script-tag owner writes (their own script; here through the test's page access).
  await widget(page).evaluate((el) => {
    const element = el as HTMLElement & { clientTools: unknown; recorded: Recorded };
    element.recorded = { tools: [], toolEvents: [], errors: [] };
    element.clientTools = {
      showPricing: (args: unknown, call: unknown) => void element.recorded.tools.push([args, call]),
      openForm: () => {
        throw new Error('There is no form on this page.');
      },
    };
    element.addEventListener('ringwise-tool-call', (event) =>
      element.recorded.toolEvents.push((event as CustomEvent).detail),
    );
    element.addEventListener('ringwise-error', (event) => {
      const { type, message, tool } = (event as CustomEvent).detail;
      element.recorded.errors.push({ type, message, tool });
    });
  });
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(widget(page).getByRole('status'), 'connected').toHaveText('Listening…');
  const info = await fakeDaily<FakeDailyInfo>(page, { command: 'info' });
  expect(info.config, 'data-bundle-path-override reached the Daily adapter').toEqual({
    bundlePathOverride: 'https://cdn.example.com/daily/',
  });

  await fakeDaily(page, { command: 'message', message: toolCalls('t1', 'showPricing', '{"plan":"pro","seats":3}') });
  await expect
    .poll(async () => (await recorded(page)).tools, { message: 'the function ran with the parsed arguments' })
    .toEqual([
      [
        { plan: 'pro', seats: 3 },
        { id: 't1', name: 'showPricing', arguments: { plan: 'pro', seats: 3 } },
      ],
    ]);
  await fakeDaily(page, { command: 'message', message: toolCalls('t2', 'bookVisit') });
  await fakeDaily(page, { command: 'message', message: toolCalls('t3', 'openForm', '{}') });
  await expect
    .poll(async () => (await recorded(page)).errors.map((e) => [e.type, e.tool?.name]))
    .toEqual([
      ['unknown-tool', 'bookVisit'],
      ['tool-failed', 'openForm'],
    ]);
  const after = await recorded(page);
  expect(after.tools, 'the first function ran exactly once').toHaveLength(1);
  expect(after.toolEvents, 'a ringwise-tool-call for each call').toEqual([
    { id: 't1', name: 'showPricing', arguments: { plan: 'pro', seats: 3 } },
    { id: 't2', name: 'bookVisit', arguments: {} },
    { id: 't3', name: 'openForm', arguments: {} },
  ]);
  expect(after.errors[1]!.message).toBe('The client tool "openForm" failed: There is no form on this page.');

  await widget(page).evaluate((el) => {
    const element = el as HTMLElement & {
      addMessage(m: object): void;
      say(t: string, end?: boolean): void;
      send(m: object): void;
    };
    element.addMessage({ role: 'system', content: 'The pricing table is on screen.' });
    element.say('One moment.');
    element.send({ type: 'control', control: 'mute-assistant' });
  });
  await expect
    .poll(async () => {
      const { messages } = await fakeDaily<FakeDailyInfo>(page, { command: 'info' });
      // The core's own messages (playable, say-first-message) are not the page's.
      return messages.filter(
        (m) => typeof m === 'object' && (m as { control?: string }).control !== 'say-first-message',
      );
    })
    .toEqual([
      { type: 'add-message', message: { role: 'system', content: 'The pricing table is on screen.' } },
      { type: 'say', message: 'One moment.', interruptionsEnabled: false, interruptAssistantEnabled: false },
      { type: 'control', control: 'mute-assistant' },
    ]);
  await expect(widget(page).getByRole('status'), 'the call goes on').toHaveText('Listening…');
  expect(
    log.errors.filter((e) => e.startsWith('pageerror')),
    'no uncaught exception, no unhandled rejection',
  ).toEqual([]);
  expect(log.errors, 'one console error per tool problem, for the site owner').toEqual([
    'console: ringwise-voice-call: No client tool is registered for "bookVisit".',
    'console: ringwise-voice-call: The client tool "openForm" failed: There is no form on this page.',
  ]);
});

test('a ringwise-tool-call listener that calls preventDefault() takes an unregistered tool: no error', async ({
  page,
}) => {
  const log = await hosts.open(page);
  await widget(page).evaluate((el) => {
    const element = el as HTMLElement & { recorded: Recorded };
    element.recorded = { tools: [], toolEvents: [], errors: [] };
    element.addEventListener('ringwise-tool-call', (event) => {
      event.preventDefault();
      element.recorded.toolEvents.push((event as CustomEvent).detail);
    });
    element.addEventListener('ringwise-error', (event) => element.recorded.errors.push((event as CustomEvent).detail));
  });
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(widget(page).getByRole('status')).toHaveText('Listening…');
  await fakeDaily(page, { command: 'message', message: toolCalls('t1', 'openForm', '{"topic":"quote"}') });
  await expect
    .poll(async () => (await recorded(page)).toolEvents)
    .toEqual([{ id: 't1', name: 'openForm', arguments: { topic: 'quote' } }]);
  expect((await recorded(page)).errors).toEqual([]);
  expect(log.errors).toEqual([]);
});

test('overrides from HTML: the click’s POST /call/web carries data-assistant-overrides and data-variable-name exactly', async ({
  page,
}) => {
  const log = await hosts.open(page, { data: { 'assistant-overrides': OVERRIDES, 'variable-name': 'Ada' } });
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  const request = await hosts.provider.waitForRequest((r) => r.path === '/call/web');
  expect(request.json, 'the body').toEqual(EXPECTED_TARGET);
  await expect(widget(page).getByRole('status'), 'and the call runs').toHaveText('Listening…');
  expect(hosts.provider.requestsTo('POST', '/call/web'), 'one request').toHaveLength(1);
  expect(log.errors).toEqual([]);
});

test('overrides from HTML: POST /chat/web carries them exactly, with the input', async ({ page }) => {
  const log = await hosts.open(page, {
    data: { mode: 'chat', 'assistant-overrides': OVERRIDES, 'variable-name': 'Ada' },
  });
  await page.getByRole('button', { name: 'Chat with Our Agent' }).click();
  await widget(page).getByRole('textbox', { name: 'Message' }).fill('Hello');
  await page.keyboard.press('Enter');
  const request = await hosts.provider.waitForRequest((r) => r.path === '/chat/web');
  expect(request.json, 'the body').toEqual({ ...EXPECTED_TARGET, input: 'Hello', stream: true });
  await expect(widget(page).locator('[part=turn]').nth(1), 'the reply').toHaveText(/Hello Ada\./);
  expect(log.errors).toEqual([]);
});

for (const mode of ['voice', 'chat'] as const) {
  test(`invalid data-assistant-overrides (${mode}): the card and the console say so, and nothing is sent`, async ({
    page,
  }) => {
    const log = await hosts.open(page, { data: { mode, 'assistant-overrides': INVALID } });
    if (mode === 'voice') await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
    else {
      await page.getByRole('button', { name: 'Chat with Our Agent' }).click();
      await widget(page).getByRole('textbox', { name: 'Message' }).fill('Hello');
      await page.keyboard.press('Enter');
      await expect(widget(page).getByRole('textbox', { name: 'Message' }), 'the text is kept').toHaveValue('Hello');
    }
    const error = widget(page).locator('[part=error]');
    await expect(error.getByRole('heading', { name: 'Not set up correctly' })).toBeVisible();
    await expect(error).toContainText('The assistant settings on this page (assistant-overrides) are not valid JSON.');
    await expect(error, 'the visitor learns their message did not leave').toContainText(
      "Nothing was sent. The site's owner needs to correct this setting.",
    );
    await page.waitForLoadState('networkidle');
    expect(
      hosts.provider.requests.filter((r) => r.method === 'POST'),
      'nothing sent to the platform',
    ).toEqual([]);
    expect(log.errors, 'one console error naming the attribute and the parser’s reason').toEqual([
      expect.stringMatching(
        /^console: ringwise-voice-call: Invalid assistant-overrides \(.+\): nothing was sent\. assistant-overrides must be a JSON object/,
      ),
    ]);
    expect(await widgetAxe(page), 'axe').toEqual([]);
  });
}

test.describe('screenshots: invalid overrides', () => {
  for (const width of [1280, 390] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test.describe(`${width} px ${theme}`, () => {
        test.use({ viewport: { width, height: width > 600 ? 800 : 844 } });
        test(`error-overrides, ${theme}, ${width}`, async ({ page }) => {
          mkdirSync(SHOTS, { recursive: true });
          await hosts.open(page, { look: theme, data: { mode: 'hybrid', theme, 'assistant-overrides': INVALID } });
          await widget(page).locator('[part=launcher]').click();
          await widget(page).getByRole('textbox', { name: 'Message' }).fill('Do you fix boilers?');
          await page.keyboard.press('Enter');
          await expect(card(page).locator('[part=error]')).toBeVisible();
          await page.waitForTimeout(400);
          await page.screenshot({ path: `${SHOTS}/error-overrides-${theme}-${width}.png` });
          expect(await offSizeButtons(page), 'every button 44 ± 4 px').toEqual([]);
        });
      });
    }
  }
});
