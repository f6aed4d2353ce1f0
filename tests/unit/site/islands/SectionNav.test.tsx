// @vitest-environment happy-dom
/**
 * The SectionNav island: hidden until the page is scrolled past 300 px, one dot per section in
 * page order, the dot of the section at scroll position + 100 px marked current, the last one at
 * the very bottom, and a back-to-top button. happy-dom lays nothing out, so each section's
 * position is given (`getBoundingClientRect` follows the scroll like a browser's); real layout
 * and smooth scrolling are tests/e2e/site-section-nav.spec.ts.
 */
import './dom-setup.ts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SectionNav from '../../../../site/islands/SectionNav.tsx';

const sections = [
  { id: 'hero', label: 'Top' },
  { id: 'roi-calculator', label: 'ROI Calculator' },
  { id: 'features', label: 'Features' },
  { id: 'contact', label: 'Contact' },
];
/** Document-relative top of each section, px. */
const TOPS: Record<string, number> = { hero: 0, 'roi-calculator': 800, features: 1600, contact: 2400 };
const VIEWPORT = 700;
const DOCUMENT = 2900;

/** Puts section elements on the page at TOPS, positioned relative to the current scroll. */
function layOutPage() {
  for (const { id } of sections) {
    const element = document.body.appendChild(document.createElement('section'));
    element.id = id;
    element.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: 0, y: (TOPS[id] ?? 0) - window.scrollY, width: 1000, height: 800 });
  }
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: VIEWPORT });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: DOCUMENT });
}

async function scrollTo(y: number) {
  await act(async () => {
    window.scrollTo(0, y);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

const sectionNav = () => screen.getByRole('navigation', { name: 'Page sections' });
const current = () =>
  within(sectionNav())
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'location')
    .map((link) => link.textContent);

beforeEach(() => {
  window.scrollTo(0, 0);
  layOutPage();
});

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('SectionNav', () => {
  it('has one dot per section, in page order, each an in-page link named for its section', () => {
    render(<SectionNav sections={sections} />);
    const links = within(sectionNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Top', '#hero'],
      ['ROI Calculator', '#roi-calculator'],
      ['Features', '#features'],
      ['Contact', '#contact'],
    ]);
  });

  it('stays hidden until the page is scrolled past 300 px, and hides again above it', async () => {
    render(<SectionNav sections={sections} />);
    expect(sectionNav(), 'at the top').toHaveAttribute('data-visible', 'false');
    await scrollTo(300);
    expect(sectionNav(), 'at exactly 300 px').toHaveAttribute('data-visible', 'false');
    await scrollTo(301);
    expect(sectionNav(), 'past 300 px').toHaveAttribute('data-visible', 'true');
    await scrollTo(120);
    expect(sectionNav(), 'back above').toHaveAttribute('data-visible', 'false');
  });

  it('marks the section under scroll position + 100 px as current, exactly one at a time', async () => {
    render(<SectionNav sections={sections} />);
    expect(current(), 'at the top').toEqual(['Top']);
    await scrollTo(699); // 799 < 800: still the hero
    expect(current(), '1 px before the calculator reaches the line').toEqual(['Top']);
    await scrollTo(700); // 800: the calculator's top is on the line
    expect(current(), 'the calculator at scroll + 100').toEqual(['ROI Calculator']);
    await scrollTo(1550);
    expect(current(), 'features').toEqual(['Features']);
  });

  it('marks the last section at the very bottom, even though its top never reaches the line', async () => {
    render(<SectionNav sections={sections} />);
    await scrollTo(DOCUMENT - VIEWPORT - 1); // 2199 + 100 < 2400
    expect(current(), 'the bottom of the page').toEqual(['Contact']);
  });

  it('follows the layout when the window is resized', async () => {
    render(<SectionNav sections={sections} />);
    await scrollTo(1000);
    expect(current()).toEqual(['ROI Calculator']);
    TOPS.features = 1050; // content above grew narrower and shorter
    try {
      await act(async () => {
        window.dispatchEvent(new Event('resize'));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      });
      expect(current(), 'recomputed on resize').toEqual(['Features']);
    } finally {
      TOPS.features = 1600;
    }
  });

  it('scrolls back to the top from its last button', async () => {
    const user = userEvent.setup();
    const scroll = vi.spyOn(window, 'scrollTo');
    render(<SectionNav sections={sections} />);
    await user.click(within(sectionNav()).getByRole('button', { name: 'Back to top' }));
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('removes its scroll and resize listeners when unmounted', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = render(<SectionNav sections={sections} />);
    unmount();
    for (const type of ['scroll', 'resize']) {
      const handler = added.mock.calls.find(([t]) => t === type)?.[1];
      expect(handler, `listens to ${type}`).toBeTypeOf('function');
      expect(
        removed.mock.calls.some(([t, h]) => t === type && h === handler),
        `${type} listener removed`,
      ).toBe(true);
    }
  });
});
