/**
 * A fresh answer's room is pinned to the room hosts (issue 34), as a kept call's is: the BUILT
 * loader on a host page, with the fake daily file. An answer of `POST /call/web` whose room is an
 * `https:` URL off Daily's domains joins nothing, the card says the call could not start, and the
 * next call (a room on Daily) starts from the same card; with `room-hosts` naming that host it joins.
 */
import { expect, test, type Page } from '@playwright/test';
import { fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import type { FakeDailyInfo } from '../fixtures/host-page/fake-daily.ts';
import { hostPages } from './widget-helpers.ts';

const ROOM = 'https://fake.daily.co/room-hosts';
const ELSEWHERE = 'https://rooms.elsewhere.example/r1';

const hosts = hostPages({
  routes: (provider) =>
    provider.route('POST', '/call/web', { status: 201, body: { id: 'call-x', webCallUrl: ELSEWHERE } }),
  data: (providerUrl) => ({
    'public-key': 'pk-room-hosts',
    'assistant-id': 'asst-room-hosts',
    'api-base-url': providerUrl,
    mode: 'voice',
    preload: 'intent',
  }),
});

const widget = (page: Page) => page.locator('ringwise-voice-call');
const joins = async (page: Page) => (await fakeDaily<FakeDailyInfo>(page, { command: 'info' })).joins;

test('a room off Daily’s domains is refused: nothing joined, the card explains, the next call starts', async ({
  page,
}) => {
  const log = await hosts.open(page, { include: 'once' });
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  const error = widget(page).locator('[part=error]');
  await expect(error, 'the card says the call could not start').toBeVisible();
  // The daily file is asked for at the click, beside the request, and may come after the error: polled until it
  // answers (a page without it joined nothing either), then nothing was joined.
  await expect
    .poll(async () => (await fakeDaily<FakeDailyInfo | undefined>(page, { command: 'info' }))?.joins, {
      message: 'no room joined',
    })
    .toEqual([]);
  expect(log.errors.join('\n'), 'the reason in the console, never the URL').not.toContain(ELSEWHERE);
  hosts.provider.route('POST', '/call/web', { status: 201, body: { id: 'call-2', webCallUrl: ROOM } });
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(widget(page).getByRole('status'), 'the next call connects').toHaveText('Listening…');
  expect(await joins(page), 'the Daily room').toEqual([ROOM]);
});

test('room-hosts names the owner’s host: its room is joined', async ({ page }) => {
  await hosts.open(page, { include: 'once', data: { 'room-hosts': 'rooms.elsewhere.example' } });
  await page.getByRole('button', { name: 'Talk to Our Agent' }).click();
  await expect(widget(page).getByRole('status'), 'connected').toHaveText('Listening…');
  expect(await joins(page)).toEqual([ELSEWHERE]);
});
