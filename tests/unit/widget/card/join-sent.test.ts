// @vitest-environment happy-dom
/**
 * Issue 35: the card draws itself whole (body, audio and rich files, focus) only once the call engine
 * has handed the join to its call machine. daily-js's `join()` first waits for its own load step and
 * emits `joining-meeting` right before it posts the join; an engine that says so (`announcesJoin`)
 * keeps the card light until that event (or the start's end). Driven by the real voice engine over
 * the fake call (tests/fixtures/fake-call.ts), which emits the event as Daily does.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeCallFactory, FakePlatform, deferred, type FakeCall } from '../../../fixtures/fake-call.ts';
import { frame, getByRole } from '../element/dom-helpers.ts';
import { mountOnRealEngine, until } from './real-engine.ts';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const webCall = () =>
  Promise.resolve(
    new Response(JSON.stringify({ id: 'call-1', webCallUrl: 'https://example.daily.co/room' }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    }),
  );

/**
 * A warm voice launcher on the real engine whose call objects announce the join (`announces`) and
 * hold `join()` until the test settles it, as daily-js's join waits for its load step.
 */
async function launcherWithHeldJoin(announces: boolean) {
  const factory = new FakeCallFactory();
  const join = deferred();
  let made: FakeCall | undefined;
  factory.configure = (call) => {
    made = call;
    call.announcesJoin = announces;
    call.joinResult = () => join.promise;
  };
  const mounted = await mountOnRealEngine(
    { 'public-key': 'pk-1', 'assistant-id': 'asst-1', mode: 'voice', preload: 'idle' },
    factory,
    new FakePlatform(),
  );
  vi.stubGlobal('fetch', vi.fn(webCall));
  await until(mounted.shadow, () => !!mounted.shadow.querySelector('[part=card]'));
  mounted.launcher().click();
  // The join asked for and the card on screen (its light first frame).
  await until(
    mounted.shadow,
    () => !!made?.joins.length && !!mounted.shadow.querySelector('[part=card]:not([hidden])'),
  );
  for (let i = 0; i < 5; i++) await frame();
  return { ...mounted, call: made!, join, card: getByRole(mounted.shadow, 'dialog') };
}

describe('the whole card waits for the engine to send the join (issue 35)', () => {
  it('stays light after the join is asked until the engine emits joining-meeting, then draws whole', async () => {
    const { call, card, modules, shadow, join } = await launcherWithHeldJoin(true);
    expect(card.hasAttribute('data-light'), 'light: the join asked, not yet sent to the machine').toBe(true);
    expect(modules.loads, 'the audio file not asked for before the join is sent').not.toContain('audio');
    call.emit('joining-meeting', undefined);
    await until(shadow, () => !card.hasAttribute('data-light'));
    await frame();
    expect(modules.loads, 'the audio file asked for once drawn whole').toContain('audio');
    expect(shadow.activeElement, 'focus moved into the card').toBe(card);
    join.resolve();
  });

  it('an engine without the event draws whole once the join is asked (the fallback)', async () => {
    const { card, join } = await launcherWithHeldJoin(false);
    expect(card.hasAttribute('data-light'), 'drawn whole with the join still running').toBe(false);
    join.resolve();
  });

  it('a join that fails without the event still draws the card whole, with the failure', async () => {
    const { card, shadow, join } = await launcherWithHeldJoin(true);
    expect(card.hasAttribute('data-light'), 'light while the join runs').toBe(true);
    join.reject(new Error('room refused'));
    await until(shadow, () => !card.hasAttribute('data-light'));
    expect(card.dataset.phase, 'the start ended').not.toBe('starting');
  });
});
