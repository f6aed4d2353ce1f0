/**
 * Issue 37's call checks on the third-party host page, with the BUILT loader, card, audio file and
 * engine, and the fake daily chunk: its `microphone` command gives the call a real track that
 * sends only zeros (a microphone another app holds) or a quiet tone. The card reads the call's own
 * track (no second getUserMedia) and says when it is silent.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fakeDaily } from '../fixtures/host-page/fake-daily-bundle.ts';
import { dataFor, hostPages, microphoneRequests, SITE, widgetAxe } from './widget-helpers.ts';
import { MODULE_FILES } from '../../widget/src/ports/manifest.ts';

const ROOM = 'https://fake.daily.co/room-quality';
const SILENT = 'Your microphone sends no sound — is another app using it?';

const hosts = hostPages({
  routes: (provider) => provider.route('POST', '/call/web', { status: 201, body: { id: 'call-q', webCallUrl: ROOM } }),
  data: dataFor('pk-quality', 'asst-quality', { title: 'Acme Assistant', preload: 'intent' }),
  options: { include: 'once' },
});

const widget = (page: Page) => page.locator('ringwise-voice-call');
const notice = (page: Page) => widget(page).locator('[part=call-notice]');
const bubbles = (page: Page) => widget(page).locator('[part=turn]');

/** The daily file is on the page (loaded on intent): from now on the call's microphone is `sound` or silent. */
async function microphone(page: Page, sound: boolean): Promise<void> {
  await expect
    .poll(() => fakeDaily(page, { command: 'microphone', sound }), { message: 'the fake daily file is loaded' })
    .toBe(true);
}

/**
 * Starts a call with `start` (the voice launcher, or hybrid's Start a call) as a visitor does: a hover loads the
 * daily file, its microphone is set to `sound` or silence, `beforeClick` reads what it needs, then the click, until
 * "Listening…".
 */
async function callWith(page: Page, start: Locator, sound: boolean, beforeClick?: () => Promise<void>): Promise<void> {
  await start.hover();
  await microphone(page, sound);
  await beforeClick?.();
  await start.click();
  await expect(widget(page).getByRole('status'), 'connected').toHaveText('Listening…');
}

/** Every `ringwise-quality` detail the element sent, in order (kept on the page's body). */
async function recordQuality(page: Page): Promise<() => Promise<unknown[]>> {
  await page.evaluate(() => {
    document.querySelector('ringwise-voice-call')!.addEventListener('ringwise-quality', (event) => {
      const seen = JSON.parse(document.body.dataset.quality ?? '[]') as unknown[];
      document.body.dataset.quality = JSON.stringify([...seen, (event as CustomEvent).detail]);
    });
  });
  return () => page.evaluate(() => JSON.parse(document.body.dataset.quality ?? '[]') as unknown[]);
}

/** Opens the host page in `mode` and records the quality details from then on: the page's log and the reader. */
async function openRecording(page: Page, mode: 'voice' | 'hybrid') {
  const log = await hosts.open(page, { data: { mode } });
  return { log, quality: await recordQuality(page) };
}

test('hybrid: a silent microphone is said with Try again and Type instead; Type instead ends the call and keeps the conversation', async ({
  page,
}) => {
  const { log, quality } = await openRecording(page, 'hybrid');
  await page.getByRole('button', { name: 'Ask Our Agent' }).click();
  let asked = 0;
  await callWith(page, widget(page).getByRole('button', { name: 'Start a call' }), false, async () => {
    asked = await microphoneRequests(page);
  });
  await fakeDaily(page, {
    command: 'message',
    message: { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hello, how can I help?' },
  });

  await expect(notice(page).getByText(SILENT), 'the sentence').toBeVisible();
  const tryAgain = notice(page).getByRole('button', { name: 'Try again' });
  const typeInstead = notice(page).getByRole('button', { name: 'Type instead' });
  await expect(tryAgain).toBeVisible();
  await expect(typeInstead).toBeVisible();
  expect(await quality(), 'ringwise-quality').toEqual([{ level: 'bad', reason: 'microphone' }]);
  expect(await microphoneRequests(page), 'the call’s own track was read: no second getUserMedia').toBe(asked + 1);
  expect(await widgetAxe(page), 'axe: the silent microphone').toEqual([]);

  // Keyboard: Tab reaches the actions; Enter on Type instead.
  await typeInstead.focus();
  await page.keyboard.press('Enter');
  await expect(widget(page).getByRole('button', { name: 'Hang Up', exact: true }), 'the call ended').toBeHidden();
  await expect(notice(page), 'the notice left with the call').toBeHidden();
  await expect(bubbles(page), 'the conversation stays').toHaveText(['Agent: Hello, how can I help?']);
  await expect(widget(page).getByRole('textbox', { name: 'Message' }), 'the field takes focus').toBeFocused();
  expect(log.errors, 'no console errors').toEqual([]);
});

test('voice: Try again only; a microphone that gives sound clears the sentence and is remembered for this site', async ({
  page,
}) => {
  const { log, quality } = await openRecording(page, 'voice');
  await callWith(page, page.getByRole('button', { name: 'Talk to Our Agent' }), false);
  await expect(notice(page).getByText(SILENT)).toBeVisible();
  await expect(notice(page).getByRole('button'), 'voice mode: no field to type into').toHaveText(['Try again']);

  // Still silent: Try again says it again (nothing changes), then the microphone comes back.
  await notice(page).getByRole('button', { name: 'Try again' }).click();
  await expect.poll(quality, { message: 'checked again' }).toHaveLength(2);
  await expect(notice(page).getByText(SILENT)).toBeVisible();
  await microphone(page, true);
  await notice(page).getByRole('button', { name: 'Try again' }).click();
  await expect(notice(page), 'sound: the sentence goes').toBeHidden();
  expect(await quality()).toEqual([
    { level: 'bad', reason: 'microphone' },
    { level: 'bad', reason: 'microphone' },
    { level: 'good', reason: 'microphone' },
  ]);
  expect(await page.evaluate(() => localStorage.getItem('ringwise-mic-checked')), 'remembered').toBe('[""]');

  expect(log.errors, 'no console errors').toEqual([]);
});

test('hybrid: a poor network shows a quiet indicator; when it lasts, Continue by typing keeps the transcript', async ({
  page,
}) => {
  const { log, quality } = await openRecording(page, 'hybrid');
  await page.getByRole('button', { name: 'Ask Our Agent' }).click();
  await callWith(page, widget(page).getByRole('button', { name: 'Start a call' }), true);
  await fakeDaily(page, {
    command: 'message',
    message: { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Where do you live?' },
  });
  await fakeDaily(page, {
    command: 'message',
    message: { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'In Berlin.' },
  });
  const indicator = widget(page).getByText('Weak connection');
  // The call's audio file is in (the indicator is its part): an estimate sent before it loads is not seen.
  await expect(widget(page).locator('.qi'), 'the audio file is loaded').toBeAttached();
  await expect(indicator, 'nothing while the network is good').toBeHidden();
  await fakeDaily(page, { command: 'network-quality', state: 'bad' });
  await expect(indicator, 'the quiet indicator').toBeVisible();
  await expect.poll(quality).toContainEqual({ level: 'bad', reason: 'network' });

  // The trouble lasts (8 s on the card's own clock): the way out is offered.
  await expect(notice(page).getByText('The audio is breaking up. Continue by typing?')).toBeVisible({
    timeout: 30_000,
  });
  expect(await widgetAxe(page), 'axe: breaking up').toEqual([]);
  await notice(page).getByRole('button', { name: 'Type instead' }).click();
  await expect(widget(page).getByRole('button', { name: 'Hang Up', exact: true }), 'the call ended').toBeHidden();
  await expect(bubbles(page), 'the transcript is kept').toHaveText(['Agent: Where do you live?', 'You: In Berlin.']);
  await expect(widget(page).getByRole('textbox', { name: 'Message' })).toBeFocused();
  await expect(indicator, 'the indicator left with the call').toBeHidden();
  expect(log.errors, 'no console errors').toEqual([]);
});

test('voice: reconnecting that lasts offers Try again, which starts a new call', async ({ page }) => {
  const { quality } = await openRecording(page, 'voice');
  await callWith(page, page.getByRole('button', { name: 'Talk to Our Agent' }), true);
  await expect(widget(page).locator('.qi'), 'the audio file is loaded').toBeAttached();
  await fakeDaily(page, { command: 'network', state: 'interrupted' });
  await expect(widget(page).getByText('Weak connection')).toBeVisible();
  await expect(notice(page).getByText('The audio is breaking up.')).toBeVisible({ timeout: 30_000 });
  await expect(notice(page).getByRole('button'), 'voice: Try again').toHaveText(['Try again']);
  expect(await quality()).toContainEqual({ level: 'bad', reason: 'reconnecting' });
  await notice(page).getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => hosts.provider.requestsTo('POST', '/call/web').length, { message: 'a new call' }).toBe(2);
  await expect(widget(page).getByRole('status'), 'connected again').toHaveText('Listening…');
  await expect(notice(page)).toBeHidden();
});

test('echo guard: the assistant cut by a quiet microphone twice says "Use headphones, or hold to talk" once; Hold to talk switches to push-to-talk', async ({
  page,
}) => {
  const { log, quality } = await openRecording(page, 'voice');
  // A quiet tone at the microphone (peaks 0.01): the speakers' echo, left over by echo cancellation.
  await callWith(page, page.getByRole('button', { name: 'Talk to Our Agent' }), true);
  await expect(widget(page).locator('.qi'), 'the audio file is loaded').toBeAttached();
  const status = widget(page).getByRole('status');
  const echoes = async () => (await quality()).filter((detail) => (detail as { reason: string }).reason === 'echo');
  const hint = notice(page).getByText('Use headphones, or hold to talk');
  // Each self-cut waits for the last speech's end (a new start is a new speech).
  await page.evaluate(() =>
    document.querySelector('ringwise-voice-call')!.addEventListener('ringwise-speech-end', () => {
      document.body.dataset.ends = String(Number(document.body.dataset.ends ?? 0) + 1);
    }),
  );
  let cuts = 0;
  const selfCut = async () => {
    const ends = () => page.evaluate(() => Number(document.body.dataset.ends ?? 0));
    await expect.poll(ends, { message: 'the assistant is silent again' }).toBe(cuts++);
    await expect(status).toHaveText('Listening…');
    // Its speech starts, and the platform hears "the visitor" 200 ms later.
    expect(await fakeDaily(page, { command: 'barge-in', afterMs: 200 })).toBe(true);
  };

  // The fake devices' labels say no built-in speakers: the pattern must be seen twice.
  await selfCut();
  await selfCut();
  await expect(hint, 'the hint').toBeVisible();
  const hold = notice(page).getByRole('button', { name: 'Hold to talk' });
  await expect(notice(page).getByRole('button'), 'one action').toHaveText(['Hold to talk']);
  expect(await echoes(), 'ringwise-quality').toEqual([{ level: 'poor', reason: 'echo' }]);
  expect(await widgetAxe(page), 'axe: the echo hint').toEqual([]);
  // Once per call: a third self-cut says nothing new.
  await selfCut();
  expect(await echoes(), 'once').toHaveLength(1);

  // Keyboard: Enter on Hold to talk; the talk button replaces Mute and takes focus.
  await hold.focus();
  await page.keyboard.press('Enter');
  await expect(notice(page), 'the hint leaves').toBeHidden();
  const talk = widget(page).locator('[part~=talk]');
  await expect(talk, 'push-to-talk for the rest of the call').toBeVisible();
  await expect(talk).toBeFocused();
  await expect(widget(page).getByRole('button', { name: 'Mute', exact: true }), 'no Mute in push-to-talk').toBeHidden();
  expect(log.errors, 'no console errors').toEqual([]);
});

test('audio: the platform says the assistant speaks but its audio has no level: Weak connection until it stops', async ({
  page,
}) => {
  const { quality } = await openRecording(page, 'voice');
  await callWith(page, page.getByRole('button', { name: 'Talk to Our Agent' }), true);
  await expect(widget(page).locator('.qi'), 'the audio file is loaded').toBeAttached();
  const speech = (status: string) =>
    fakeDaily(page, { command: 'message', message: { type: 'speech-update', role: 'assistant', status } });
  const indicator = widget(page).getByText('Weak connection');
  await speech('started');
  // No level arrives from the assistant's track (the fake sends none unless told).
  await expect(indicator, 'silent for 2 s while it speaks').toBeVisible();
  await expect.poll(quality).toContainEqual({ level: 'poor', reason: 'audio' });
  await speech('stopped');
  await expect(indicator, 'it stopped speaking').toBeHidden();
});

test('a network estimate sent before the audio file loads is shown when it does', async ({ page }) => {
  await hosts.open(page, { data: { mode: 'voice' } });
  // The call's audio file is held until the estimate is sent.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${SITE}/widget/${MODULE_FILES.audio}`, async (route) => {
    await held;
    await route.continue();
  });
  await callWith(page, page.getByRole('button', { name: 'Talk to Our Agent' }), true);
  await expect(widget(page).locator('.qi'), 'the audio file is held').not.toBeAttached();
  expect(await fakeDaily(page, { command: 'network-quality', state: 'bad' })).toBe(true);
  release();
  await expect(widget(page).getByText('Weak connection'), 'the estimate kept by the Daily file').toBeVisible();
});
