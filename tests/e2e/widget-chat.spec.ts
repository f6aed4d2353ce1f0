/**
 * Chat mode and hybrid mode on the third-party host page (hostile CSS, strict CSP), with the
 * BUILT loader, card and chat engine, against the loopback provider's `POST /chat/web`, which
 * streams its reply as the platform does (server-sent events, paced by the test so each token
 * can be seen arriving). Calls in hybrid mode use the fake daily chunk, as in the voice spec.
 */
import { expect, test, type Page } from '@playwright/test';
import { fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import type { FakeDailyInfo } from '../fixtures/host-page/fake-daily.ts';
import { chatWebHandler } from '../../fixtures/loopback-server.ts';
import { chunkRequests, dataFor, hostPages, microphoneRequests, offSizeButtons, widgetAxe } from './widget-helpers.ts';

const KEY = 'pk-chat';
const ASSISTANT = 'asst-chat';
const ROOM = 'https://fake.daily.co/room-chat';

const hosts = hostPages({
  routes: (provider) => provider.route('POST', '/call/web', { status: 201, body: { id: 'call-h', webCallUrl: ROOM } }),
  data: dataFor(KEY, ASSISTANT, { title: 'Acme Assistant' }),
  options: { include: 'once' },
});
// preload="intent": these tests follow what each action loads (hybrid's default warm start also fetches the call's files).
const openHost = (page: Page, mode: 'chat' | 'hybrid') => hosts.open(page, { data: { mode, preload: 'intent' } });

/** A gate the stream waits on before each chunk after the first; `release()` lets one through. */
function pacedStream() {
  const waiting: (() => void)[] = [];
  const released: number[] = [];
  return {
    gate: () => new Promise<void>((resolve) => waiting.push(resolve)),
    release: async () => {
      for (let i = 0; i < 100 && !waiting.length; i++) await new Promise((r) => setTimeout(r, 10));
      released.push(waiting.length);
      waiting.shift()?.();
    },
    releaseAll: () => {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

const widget = (page: Page) => page.locator('ringwise-voice-call');
const field = (page: Page) => widget(page).getByRole('textbox', { name: 'Message' });

/** Sends `text` from the card's field and waits for the second `POST /chat/web`; returns its body. */
async function sendSecond(page: Page, text: string, message: string): Promise<unknown> {
  await field(page).fill(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => hosts.provider.requestsTo('POST', '/chat/web').length, { message }).toBe(2);
  return hosts.provider.requestsTo('POST', '/chat/web')[1]!.json;
}
const bubbles = (page: Page) => widget(page).locator('[part=turn]');

test('chat: type, send, the reply streams token by token; the second message carries the session; no call engine, no microphone', async ({
  page,
}) => {
  const stream = pacedStream();
  hosts.provider.route(
    'POST',
    '/chat/web',
    chatWebHandler({ reply: 'Yes, we fix boilers on Sundays.', deltaSize: 8, sessionId: 'sess-42', gate: stream.gate }),
  );
  const log = await openHost(page, 'chat');
  await page.getByRole('button', { name: 'Chat with Our Agent' }).click();
  await expect(field(page), 'focus in the message field').toBeFocused();
  await page.keyboard.type('Do you fix boilers on Sundays?');
  await page.keyboard.press('Enter');
  const first = await hosts.provider.waitForRequest((r) => r.path === '/chat/web');
  expect([first.headers.authorization, first.json], 'bearer key; target, input, stream, no session yet').toEqual([
    `Bearer ${KEY}`,
    { assistantId: ASSISTANT, input: 'Do you fix boilers on Sundays?', stream: true },
  ]);
  await expect(bubbles(page).first(), 'the message shows at once').toHaveText('You: Do you fix boilers on Sundays?');
  const reply = bubbles(page).nth(1);
  const seen: string[] = [];
  for (let i = 0; i < 4; i++) {
    await stream.release();
    await expect
      .poll(async () => (await reply.textContent()) ?? '', { message: `token ${i + 1} painted` })
      .not.toBe(seen.at(-1) ?? '');
    seen.push((await reply.textContent()) ?? '');
  }
  expect(seen, 'the reply grew token by token').toEqual([
    'Yes, we ',
    'Yes, we fix boil',
    'Yes, we fix boilers on S',
    'Yes, we fix boilers on Sundays.',
  ]);
  stream.releaseAll();
  await expect(reply, 'final, with its speaker for screen readers').toHaveText(
    'Agent: Yes, we fix boilers on Sundays.',
  );
  expect(await widgetAxe(page), 'axe: chat').toEqual([]);
  expect(await offSizeButtons(page), 'every button 44 ± 4 px').toEqual([]);

  expect(await sendSecond(page, 'And on bank holidays?', 'second message sent'), 'with the session id').toEqual({
    assistantId: ASSISTANT,
    input: 'And on bank holidays?',
    sessionId: 'sess-42',
    stream: true,
  });
  await expect(bubbles(page), 'four bubbles').toHaveCount(4);
  expect(
    chunkRequests(log)
      .map((url) => new URL(url).pathname.split('/').pop())
      .sort(),
    'only the card and the chat engine',
  ).toEqual(['voice-widget-card.js', 'voice-widget-chat.js']);
  expect(await microphoneRequests(page), 'the microphone was never asked for').toBe(0);
  expect(hosts.provider.requestsTo('POST', '/call/web'), 'no call').toEqual([]);
  expect(log.errors, 'no console errors').toEqual([]);
});

test.describe('chat errors are explained in the card', () => {
  for (const [status, title, text, retry] of [
    [401, 'Not set up correctly', "The assistant service rejected this widget's key.", false],
    [429, 'Service unavailable', 'The assistant service is busy right now.', true],
    [500, 'Service unavailable', 'The assistant service answered with an error (500).', true],
  ] as const) {
    test(`${status}`, async ({ page }) => {
      hosts.provider.route('POST', '/chat/web', chatWebHandler({ status }), chatWebHandler({ reply: 'Back again.' }));
      const log = await openHost(page, 'chat');
      await page.getByRole('button', { name: 'Chat with Our Agent' }).click();
      await field(page).fill('Hello?');
      await page.keyboard.press('Enter');
      const error = widget(page).locator('[part=error]');
      await expect(error.getByRole('heading', { name: title }), 'title').toBeVisible();
      await expect(error, 'sentence').toContainText(text);
      expect(await widgetAxe(page), 'axe: error').toEqual([]);
      const tryAgain = error.getByRole('button', { name: 'Try again' });
      await expect(tryAgain, 'Try again when it can help').toHaveCount(retry ? 1 : 0);
      if (retry) {
        await tryAgain.click();
        await expect(bubbles(page).last(), 'the retry got its answer').toHaveText('Agent: Back again.');
        await expect(bubbles(page).filter({ hasText: 'Hello?' }), 'the message is not repeated').toHaveCount(1);
      }
      expect(
        log.errors.filter((e) => !e.includes('Failed to load resource')),
        'no page errors',
      ).toEqual([]);
    });
  }
});

test('hybrid: chat, then a call (history kept), typing during the call is sent into it and shown, then chat again', async ({
  page,
}) => {
  hosts.provider.route(
    'POST',
    '/chat/web',
    chatWebHandler({ reply: 'Sure, I can call you through.', sessionId: 'sess-h' }),
  );
  const log = await openHost(page, 'hybrid');
  await page.getByRole('button', { name: 'Ask Our Agent' }).click();
  await field(page).fill('Can we talk instead?');
  await page.keyboard.press('Enter');
  await expect(bubbles(page).nth(1), 'chat reply').toHaveText('Agent: Sure, I can call you through.');
  // A hybrid card opened is intent to call (issue 35): the call machine may load, but nothing is sent for a call.
  expect(hosts.provider.requestsTo('POST', '/call/web'), 'no call while typing').toHaveLength(0);

  await widget(page).getByRole('button', { name: 'Start a call' }).click();
  await expect(widget(page).getByRole('status'), 'connected').toHaveText('Listening…');
  await expect(bubbles(page), 'the chat is still there').toHaveCount(2);
  expect(await widgetAxe(page), 'axe: hybrid call').toEqual([]);

  // In a call the field is behind More (issue 36: three controls in the footer).
  await widget(page).getByRole('button', { name: 'More' }).click();
  await field(page).fill('My address is 5 Elm Street');
  await page.keyboard.press('Enter');
  await expect(bubbles(page).last(), 'shown at once').toHaveText('You: My address is 5 Elm Street');
  await expect
    .poll(async () => (await fakeDaily<FakeDailyInfo>(page, { command: 'info' })).messages, {
      message: 'add-message sent into the call',
    })
    .toContainEqual({ type: 'add-message', message: { role: 'user', content: 'My address is 5 Elm Street' } });
  expect(hosts.provider.requestsTo('POST', '/chat/web'), 'not sent as a chat message').toHaveLength(1);
  await fakeDaily(page, {
    command: 'message',
    message: { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Thanks, noted.' },
  });
  await expect(bubbles(page).last(), 'the call’s transcript joins the same conversation').toHaveText(
    'Agent: Thanks, noted.',
  );

  await widget(page).getByRole('button', { name: 'Hang Up', exact: true }).click();
  expect(await sendSecond(page, 'One more question', 'chat again after the call'), 'same chat session').toMatchObject({
    sessionId: 'sess-h',
  });
  await expect(bubbles(page), 'nothing was cleared').toHaveCount(6);
  expect(log.errors, 'no console errors').toEqual([]);
});
