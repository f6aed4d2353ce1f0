// @vitest-environment happy-dom
/**
 * Push-to-talk: the microphone is off once the call object exists and open only while the talk
 * button is held (pointer, or Space with focus); every way of letting go closes it.
 */
import { describe, expect, it } from 'vitest';
import { bindHold, inputMode, PushToTalk } from '../../../../widget/src/conversation/push-to-talk.ts';

/** A client that records the microphone's state. */
function setup() {
  const mutes: boolean[] = [];
  const talk = new PushToTalk(() => ({ setMuted: (muted: boolean) => void mutes.push(muted) }));
  const button = document.createElement('button');
  document.body.append(button);
  const unbind = bindHold(button, talk);
  return { mutes, talk, button, unbind, open: () => mutes.at(-1) === false };
}

const pointer = (type: string, button = 0) => new PointerEvent(type, { button, pointerId: 1, bubbles: true });
const key = (type: string, k = ' ', repeat = false) =>
  new KeyboardEvent(type, { key: k, repeat, bubbles: true, cancelable: true });

describe('push-to-talk', () => {
  it('input: push-to-talk or open (the default, also for anything else)', () => {
    expect([inputMode('push-to-talk'), inputMode(null), inputMode('PTT')], 'modes').toEqual([
      'push-to-talk',
      'open',
      'open',
    ]);
  });

  it('the call object’s creation turns the microphone off', () => {
    const { talk, mutes } = setup();
    talk.callCreated();
    expect(mutes, 'muted at the start').toEqual([true]);
  });

  it('the pointer: open only while held; the right button does nothing', () => {
    const { button, mutes, talk, open } = setup();
    talk.callCreated();
    button.dispatchEvent(pointer('pointerdown', 2));
    expect(mutes, 'the right button').toEqual([true]);
    button.dispatchEvent(pointer('pointerdown'));
    expect(open(), 'held: open').toBe(true);
    expect(talk.held, 'held').toBe(true);
    button.dispatchEvent(pointer('pointerup'));
    expect(open(), 'released: closed').toBe(false);
    button.dispatchEvent(pointer('pointerdown'));
    button.dispatchEvent(pointer('pointercancel'));
    expect(mutes, 'a cancel closes it too').toEqual([true, false, true, false, true]);
  });

  it('Space while focused: open while held (repeats ignored, the click prevented), closed on keyup or blur', () => {
    const { button, mutes, open } = setup();
    button.focus();
    const down = key('keydown');
    button.dispatchEvent(down);
    button.dispatchEvent(key('keydown', ' ', true));
    expect(down.defaultPrevented, 'no click, no scroll').toBe(true);
    expect(mutes, 'opened once').toEqual([false]);
    button.dispatchEvent(key('keyup'));
    expect(open(), 'keyup closes').toBe(false);
    button.dispatchEvent(key('keydown'));
    button.dispatchEvent(new FocusEvent('blur'));
    expect(open(), 'blur closes').toBe(false);
    button.dispatchEvent(key('keydown', 'Enter'));
    expect(mutes.length, 'other keys do nothing').toBe(4);
  });

  it('unbinding while held closes the microphone and removes the listeners', () => {
    const { button, mutes, unbind } = setup();
    button.dispatchEvent(pointer('pointerdown'));
    unbind();
    expect(mutes, 'closed').toEqual([false, true]);
    button.dispatchEvent(pointer('pointerdown'));
    expect(mutes.length, 'no listener left').toBe(2);
  });
});
