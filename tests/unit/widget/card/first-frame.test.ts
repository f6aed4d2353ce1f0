// @vitest-environment happy-dom
/**
 * The card's first frame after a click that starts a call (issue 20): the card shows a light
 * frame (header, status, progress) and draws its body and footer, moves focus and starts keeping
 * the conversation only once the start has asked Daily for the join, so none of that runs
 * between `POST /call/web`'s answer and the join request. Driven by the REAL voice engine (core
 * `VoiceClient`, with the fake call factory and platform through its ports), so "the join was
 * asked for" is the call object's `join()` itself, not a stage a fake reports.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { FakeCallFactory, FakePlatform } from '../../../fixtures/fake-call.ts';
import { frame, getByRole, queryByRole } from '../element/dom-helpers.ts';
import { flush } from '../element/harness.ts';
import { mountOnRealEngine, until } from './real-engine.ts';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

/** What the card looked like when the engine asked Daily to join the room (the call object's `join()`). */
interface AtJoin {
  /** Shown and drawn whole (not its light first frame). */
  whole: boolean;
  cancelDrawn: boolean;
  focusInCard: boolean;
}

/**
 * A voice launcher on the real engine, warm (`preload="idle"`: the card mounted, closed, before the
 * click, as on a page read for a moment); `answer` is what `POST /call/web` answers.
 */
async function voiceLauncher(
  answer: () => Promise<Response>,
  attributes: Record<string, string> = {},
  answerAfterDrawing = true,
) {
  const factory = new FakeCallFactory();
  const platform = new FakePlatform();
  const seen: AtJoin[] = [];
  let joinAsked!: () => void;
  const asked = new Promise<void>((resolve) => (joinAsked = resolve));
  const mounted = await mountOnRealEngine(
    { 'public-key': 'pk-1', 'assistant-id': 'asst-1', mode: 'voice', preload: 'idle', ...attributes },
    factory,
    platform,
  );
  const { shadow } = mounted;
  factory.configure = (call) => {
    call.joinResult = () => {
      const card = shadow.querySelector<HTMLElement>('[part=card]')!;
      seen.push({
        whole: !card.hidden && !card.hasAttribute('data-light'),
        cancelDrawn: queryByRole(shadow, 'button', EN_LABELS.cancel) !== null,
        focusInCard: shadow.activeElement === card,
      });
      joinAsked();
      return Promise.resolve();
    };
  };
  // Answered once the card drew its first frame after the click (at most 20 frames later): a
  // real answer takes at least a round trip, the first frame much less.
  const drawn = async () => {
    for (let i = 0; i < 20 && !shadow.querySelector('[part=card]:not([hidden])'); i++) await frame();
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(() => (answerAfterDrawing ? drawn().then(answer) : answer())),
  );
  await until(shadow, () => !!shadow.querySelector('[part=card]'));
  return { ...mounted, factory, seen, asked };
}

const webCall = () =>
  Promise.resolve(
    new Response(JSON.stringify({ id: 'call-1', webCallUrl: 'https://example.daily.co/room' }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    }),
  );

describe('the card’s first frame after a click that starts a call', () => {
  it('is light (header, status, progress) while the start runs to the join; body, footer and focus follow in the frame after', async () => {
    const mounted = await voiceLauncher(webCall);
    const { launcher, shadow, factory, seen, asked } = mounted;
    launcher().click();
    await asked;
    // (Cancel is in the light frame once a frame has been drawn: card.test.ts's connecting test.)
    expect(
      { ...seen[0], cancelDrawn: undefined },
      'when the join was asked for: at most the light first frame, the body not drawn, focus not moved',
    ).toEqual({
      whole: false,
      cancelDrawn: undefined,
      focusInCard: false,
    });
    await frame();
    const card = getByRole(shadow, 'dialog');
    expect(card.hasAttribute('data-light'), 'drawn whole in the frame after').toBe(false);
    expect(
      getByRole(shadow, 'button', EN_LABELS.stop),
      'the footer drawn (the fake call joined at once: Hang Up)',
    ).toBeTruthy();
    expect(shadow.activeElement, 'focus moved into the card').toBe(card);
    expect(factory.calls, 'one call object').toHaveLength(1);
  });

  it('is not held back for a quick answer (issue 35): the light frame is on screen before Daily is asked to join', async () => {
    // Answered two frames after the request: the card is drawn before the answer.
    const quick = async () => {
      await frame();
      await frame();
      return webCall();
    };
    const { launcher, seen, asked, shadow } = await voiceLauncher(quick, {}, false);
    launcher().click();
    await asked;
    expect(seen[0], 'at the join: the light frame with Cancel, the body not drawn, focus where it was').toEqual({
      whole: false,
      cancelDrawn: true,
      focusInCard: false,
    });
    await frame();
    expect(getByRole(shadow, 'dialog').hasAttribute('data-light'), 'drawn whole in the frame after').toBe(false);
  });

  it('stays light while Daily’s call machine loads, drawn whole only after the join (issue 35: ready first)', async () => {
    const mounted = await voiceLauncher(webCall);
    const { launcher, shadow, factory, seen, asked, modules } = mounted;
    // The call machine is still downloading (daily-js's `load()` unsettled) when the start reaches the join.
    let machineIn: (() => void) | undefined;
    const configure = factory.configure!;
    factory.configure = (call) => {
      configure(call);
      call.loadResult = () => new Promise<void>((resolve) => (machineIn = resolve));
    };
    launcher().click();
    await until(shadow, () => !!machineIn && !!shadow.querySelector('[part=card]:not([hidden])'));
    for (let i = 0; i < 5; i++) await frame();
    const card = getByRole(shadow, 'dialog');
    expect(card.hasAttribute('data-light'), 'light while the machine loads: nothing of ours in its way').toBe(true);
    expect(modules.loads, 'the audio file not asked for before the join').not.toContain('audio');
    machineIn!();
    await asked;
    expect(seen[0]?.whole, 'at the join: still light').toBe(false);
    await until(shadow, () => !card.hasAttribute('data-light'));
    expect(shadow.activeElement, 'focus moved into the card, drawn whole').toBe(card);
  });

  it('a start that fails before the join draws the whole card at once, with the error and focus in it', async () => {
    const { launcher, shadow, factory } = await voiceLauncher(() => Promise.reject(new TypeError('Failed to fetch')));
    launcher().click();
    const card = () => shadow.querySelector<HTMLElement>('[part=card]')!;
    await until(shadow, () => queryByRole(shadow, 'button', EN_LABELS.retry) !== null);
    expect(card().hasAttribute('data-light'), 'drawn whole').toBe(false);
    expect(factory.calls, 'no call object').toHaveLength(0);
    expect(shadow.activeElement, 'focus moved into the card').toBe(card());
  });

  it('opening without a call (hybrid) draws the whole card at once', async () => {
    const { launcher, shadow } = await voiceLauncher(webCall, { mode: 'hybrid' });
    launcher().click();
    await flush();
    const card = getByRole(shadow, 'dialog');
    expect(card.hidden, 'open').toBe(false);
    expect(card.hasAttribute('data-light'), 'not light').toBe(false);
    expect(getByRole(shadow, 'textbox', EN_LABELS.message), 'the message field drawn').toBeTruthy();
  });
});
