/**
 * Issue 37's Stop control on the third-party host page, with the BUILT loader, card, audio file and
 * engine, and the fake daily chunk: while the assistant speaks, Stop mutes our players in the click's
 * own task, sends the platform's `mute-assistant` control message, and the unsaid rest of the turn
 * is marked as not heard.
 */
import { expect, test, type Page } from '@playwright/test';
import { fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import type { FakeDailyInfo } from '../fixtures/host-page/fake-daily.ts';
import { hostPages, widgetAxe } from './widget-helpers.ts';

const hosts = hostPages({
  routes: (provider) =>
    provider.route('POST', '/call/web', { status: 201, body: { id: 'call-s', webCallUrl: 'https://fake.daily.co/s' } }),
  data: (providerUrl) => ({ 'public-key': 'pk-stop', 'assistant-id': 'asst-stop', 'api-base-url': providerUrl }),
  options: { include: 'once' },
});

const widget = (page: Page) => page.locator('ringwise-voice-call');
const say = (page: Page, transcriptType: 'partial' | 'final', transcript: string) =>
  fakeDaily(page, {
    command: 'message',
    message: { type: 'transcript', role: 'assistant', transcriptType, transcript },
  });

test('Stop while the assistant speaks: players muted in the click’s task, mute-assistant sent, the rest marked', async ({
  page,
}) => {
  // Every `muted` set on a media element (the core's players are detached <audio> elements).
  await page.addInitScript(() => {
    const muted = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'muted')!;
    Object.defineProperty(HTMLMediaElement.prototype, 'muted', {
      ...muted,
      set(value: boolean) {
        (window as unknown as { mutes: boolean[] }).mutes ??= [];
        (window as unknown as { mutes: boolean[] }).mutes.push(value);
        muted.set!.call(this, value);
      },
    });
  });
  // Hybrid: the card shows the transcript during the call.
  const log = await hosts.open(page, { data: { mode: 'hybrid' } });
  await page.getByRole('button', { name: 'Ask Our Agent' }).click();
  const start = widget(page).getByRole('button', { name: 'Start a call' });
  await start.hover();
  await expect.poll(() => fakeDaily(page, { command: 'microphone', sound: true })).toBe(true);
  await start.click();
  await expect(widget(page).getByRole('status'), 'connected').toHaveText('Listening…');
  expect(await fakeDaily(page, { command: 'assistant-audio' }), 'a player').toBe(true);
  await say(page, 'partial', 'Our opening hours are');
  // The assistant keeps speaking (its level every 200 ms, as Daily's observer reports it) until Stop.
  await page.evaluate(() => {
    const level = () => new CustomEvent('fake-daily', { detail: { command: 'levels', level: 0.5 } });
    document.body.dataset.speaking = String(setInterval(() => document.dispatchEvent(level()), 200));
  });
  const stop = widget(page).getByRole('button', { name: 'Stop', exact: true });
  await expect(stop, 'while it speaks').toBeVisible();
  expect(await widgetAxe(page), 'axe: Stop').toEqual([]);

  const mutedInTask = await stop.evaluate((button) => {
    const mutes = () => (window as unknown as { mutes?: boolean[] }).mutes ?? [];
    const before = mutes().length;
    (button as HTMLButtonElement).click();
    clearInterval(Number(document.body.dataset.speaking));
    return mutes().slice(before);
  });
  expect(mutedInTask, 'our players muted in the click’s own task').toContain(true);
  expect(mutedInTask, 'and nothing unmuted').not.toContain(false);
  const info = await fakeDaily<FakeDailyInfo>(page, { command: 'info' });
  expect(info.messages, 'the platform told').toContainEqual({ type: 'control', control: 'mute-assistant' });
  await expect(stop, 'the control leaves with the speech').toBeHidden();

  // The platform's final transcript of that turn: what was never heard is marked.
  await say(page, 'final', 'Our opening hours are nine to five on weekdays.');
  const bubble = widget(page).locator('[part=turn]').last();
  await expect(bubble.locator('[part=interrupted]')).toHaveText('Interrupted');
  await expect(bubble.locator('[part=unheard]')).toHaveText('Not heard: nine to five on weekdays.');
  expect(log.errors, 'no console errors').toEqual([]);
});
