// @vitest-environment happy-dom
/**
 * site/lib/early-clicks-script.ts: the inline script keeps clicks on 'Get in Contact' buttons and `[data-early-click]`
 * elements, in order, until `window.__rwEarly(key)` says their owner has started; then it keeps none for that key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  EARLY_CLICKS_SCRIPT,
  type EarlyClickKey,
  type EarlyClicksWindow,
} from '../../../site/lib/early-clicks-script.ts';

const takeEarlyClicks = (key: EarlyClickKey) => (window as EarlyClicksWindow).__rwEarly?.(key) ?? 0;

afterEach(() => {
  document.body.innerHTML = '';
  delete (window as EarlyClicksWindow).__rwEarly;
});

function page(): { contact: HTMLElement; menu: HTMLElement; other: HTMLElement; inner: HTMLElement } {
  document.body.innerHTML =
    '<button data-open-contact><span>Get in Contact</span></button><button data-early-click="menu">Menu</button><button>Other</button>';
  new Function(EARLY_CLICKS_SCRIPT)();
  const [contact, menu, other] = [...document.querySelectorAll('button')];
  return { contact: contact!, menu: menu!, other: other!, inner: contact!.querySelector('span')! };
}

describe('early clicks', () => {
  it('are kept per key until the owner starts, then no longer', () => {
    const { contact, menu, other, inner } = page();
    inner.click();
    menu.click();
    other.click();
    menu.click();
    expect(takeEarlyClicks('contact'), 'one contact click (on a child of the button)').toBe(1);
    expect(takeEarlyClicks('menu'), 'two menu clicks').toBe(2);
    contact.click();
    menu.click();
    expect(takeEarlyClicks('contact'), 'none kept once live').toBe(0);
    expect(takeEarlyClicks('menu')).toBe(0);
  });

  it('is 0 without the inline script', () => {
    expect(takeEarlyClicks('contact')).toBe(0);
  });
});
