// @vitest-environment happy-dom
/**
 * What the card offers when a call ends or cannot use the microphone (issue 25, items 7 and 8):
 * an ended section that says how long the call lasted and who ended it, keeps the transcript and
 * offers Call again with the rating folded in (one block, issue 36); a failed microphone in hybrid mode
 * offers Type instead, and voice mode says what to do.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { allByRole, getByRole, isHidden, queryByRole } from '../element/dom-helpers.ts';
import { bubbles, flush, mount, open } from '../element/harness.ts';

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const HYBRID = { 'public-key': 'pk', 'assistant-id': 'asst-1', mode: 'hybrid', transcript: '' };

/** A card with a live call that has lasted 2:14: voice (the launcher calls) or hybrid (Start a call). */
async function liveCall(
  attributes: Record<string, string> = { 'public-key': 'pk', 'assistant-id': 'asst-1', transcript: '' },
) {
  vi.useFakeTimers({ toFake: ['Date'] });
  const mounted = await mount(attributes);
  await open(mounted);
  if (attributes.mode === 'hybrid') {
    getByRole(mounted.shadow, 'button', EN_LABELS.startCall).click();
    await flush();
  }
  const client = mounted.modules.voice.client();
  client.update({ state: 'active' });
  client.emit('message', {
    type: 'transcript',
    role: 'assistant',
    transcriptType: 'final',
    transcript: 'How can I help?',
  });
  vi.setSystemTime(Date.now() + 134_000);
  return { ...mounted, client };
}

/** The ended section's visible text, or null when it is not shown. */
function endedText(shadow: ShadowRoot): string | null {
  const section = shadow.querySelector('[part=ended]');
  return section && !isHidden(section)
    ? [...section.querySelectorAll(':scope > h3, :scope > p')].map((el) => el.textContent).join(' | ')
    : null;
}

describe('after a call', () => {
  test('the visitor hung up: length and "You ended the call", the transcript stays, Call again calls (one such button)', async () => {
    const { shadow, client } = await liveCall();
    const hangUp = getByRole(shadow, 'button', EN_LABELS.stop);
    hangUp.focus();
    hangUp.click();
    await flush();
    expect(endedText(shadow), 'length and who').toBe(`Call ended · 2:14 | ${EN_LABELS.endedByVisitor}`);
    expect(bubbles(shadow), 'the transcript is kept').toEqual(['assistant: How can I help?']);
    expect(shadow.activeElement, 'focus moved from the vanished Hang Up to Call again').toBe(
      getByRole(shadow, 'button', EN_LABELS.callAgain),
    );
    expect(
      [...shadow.querySelectorAll('button')].filter(
        (b) => !isHidden(b) && b.getAttribute('aria-label') === EN_LABELS.callAgain,
      ),
      'one Call again',
    ).toHaveLength(1);
    getByRole(shadow, 'button', EN_LABELS.callAgain).click();
    await flush();
    expect(client.starts.length, 'called again').toBe(2);
    expect(endedText(shadow), 'gone with the new call').toBeNull();
  });

  test('the assistant ended it: "The assistant ended the call"', async () => {
    const { shadow, client } = await liveCall();
    client.update({ state: 'ending' });
    client.update({ state: 'idle' });
    await flush();
    expect(endedText(shadow), 'length and who').toBe(`Call ended · 2:14 | ${EN_LABELS.endedByAssistant}`);
  });

  test('the connection dropped: "The connection was lost", not an error section', async () => {
    const { shadow, client } = await liveCall();
    client.fail('meeting-ended', { reason: 'network' });
    await flush();
    expect(endedText(shadow), 'length and who').toBe(`Call ended · 2:14 | ${EN_LABELS.endedByConnection}`);
    expect(isHidden(shadow.querySelector('[part=error]')!), 'no error section beside it').toBe(true);
  });

  test('hybrid: one block (who, how long, Call again, the rating); no Continue in chat beside the field (issue 36)', async () => {
    const { shadow } = await liveCall(HYBRID);
    // The rating is the rich file's, loaded once the conversation began: wait for it (turns, not a clock).
    for (let i = 0; i < 200 && !shadow.querySelector('[part=rating]'); i++) await flush();
    getByRole(shadow, 'button', EN_LABELS.stop).click();
    await flush();
    expect(endedText(shadow), 'ended').toBe(`Call ended · 2:14 | ${EN_LABELS.endedByVisitor}`);
    expect(
      queryByRole(shadow, 'button', EN_LABELS.startCall),
      'the footer does not offer a second call button',
    ).toBeNull();
    const section = shadow.querySelector('[part=ended]')!;
    for (let i = 0; i < 200 && !section.querySelector('[part=rating]:not([hidden])'); i++) await flush();
    expect(getByRole(section, 'radiogroup', 'How was this conversation?'), 'the rating folded in').toBeTruthy();
    expect(getByRole(section, 'button', EN_LABELS.callAgain), 'Call again in it').toBeTruthy();
    expect(
      allByRole(shadow, 'button').map((b) => b.getAttribute('aria-label')),
      'the field below is the way on in chat: no second one',
    ).not.toContain('Continue in chat');
    expect(getByRole(shadow, 'textbox', EN_LABELS.message), 'the field').toBeTruthy();
    expect(bubbles(shadow), 'the conversation stays').toEqual(['assistant: How can I help?']);
  });
});

describe('a microphone that fails', () => {
  test.each(['mic-permission-denied', 'mic-not-found', 'mic-blocked'] as const)(
    'hybrid, %s: Type instead switches to the message field',
    async (kind) => {
      const mounted = await mount(HYBRID);
      await open(mounted);
      getByRole(mounted.shadow, 'button', EN_LABELS.startCall).click();
      await flush();
      mounted.modules.voice.client().fail(kind);
      await flush();
      const typeInstead = getByRole(mounted.shadow, 'button', EN_LABELS.typeInstead);
      typeInstead.click();
      await flush();
      expect(mounted.shadow.activeElement, 'the message field').toBe(
        getByRole(mounted.shadow, 'textbox', EN_LABELS.message),
      );
      expect(isHidden(mounted.shadow.querySelector('[part=error]')!), 'the microphone notice stepped aside').toBe(true);
    },
  );

  test('voice mode: no Type instead (nothing to type into); a blocked microphone says to open the site in its own tab', async () => {
    const mounted = await mount();
    await open(mounted);
    mounted.modules.voice.client().fail('mic-blocked');
    await flush();
    expect(queryByRole(mounted.shadow, 'button', EN_LABELS.typeInstead), 'no Type instead').toBeNull();
    expect(mounted.shadow.querySelector('[part=error]')?.textContent, 'what to do').toContain(
      EN_LABELS.fixMicBlockedVoice,
    );
  });
});
