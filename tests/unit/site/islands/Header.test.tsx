// @vitest-environment happy-dom
/**
 * The Header island as a visitor meets it: transparent over the hero and solid past 50 px, the
 * phone menu (button name and aria-expanded, closing on a link, on 'Get in Contact' and on
 * Escape), the contact action, the social links, and no listener left after unmount. Layout and
 * real scrolling are the browser's: tests/e2e/site-header.spec.ts.
 */
import './dom-setup.ts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { headerLinks } from '../../../../content/landing.ts';
import Header, { type HeaderProps } from '../../../../site/islands/Header.tsx';
import { socialLinks } from '../../../../site/lib/social.ts';
import { sitePages } from '../../../../site/lib/site-nav.ts';
import { $contactOpen } from '../../../../site/stores/contact.ts';

const props: HeaderProps = {
  brand: 'Ringwise',
  links: headerLinks,
  social: socialLinks({ facebook: 'https://facebook.example/rw', linkedin: 'https://linkedin.example/rw' }),
  onLanding: true,
  pages: sitePages(),
  currentPath: '/',
};

/** Scrolls the window and lets the header's animation-frame handler run. */
async function scrollTo(y: number) {
  await act(async () => {
    window.scrollTo(0, y);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

const banner = () => screen.getByRole('banner');
const menuButton = () => screen.getByRole('button', { name: /menu$/ });
const phoneMenu = () => screen.getByRole('navigation', { name: 'Menu' });

beforeEach(() => {
  window.scrollTo(0, 0);
  $contactOpen.set(false);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Header: transparent, then solid', () => {
  it('is transparent at the top and turns solid once the page is scrolled past 50 px', async () => {
    render(<Header {...props} />);
    expect(banner().dataset.solid, 'at the top').toBe('false');
    await scrollTo(50);
    expect(banner().dataset.solid, 'at exactly 50 px').toBe('false');
    await scrollTo(51);
    expect(banner().dataset.solid, 'past 50 px').toBe('true');
    await scrollTo(0);
    expect(banner().dataset.solid, 'back at the top').toBe('false');
  });

  it('starts solid when the page loads already scrolled (a reload half-way down)', async () => {
    window.scrollTo(0, 800);
    render(<Header {...props} />);
    expect(banner().dataset.solid).toBe('true');
  });

  it('removes its scroll listener when unmounted', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = render(<Header {...props} />);
    const onScroll = added.mock.calls.find(([type]) => type === 'scroll')?.[1];
    expect(onScroll, 'listens to scroll').toBeTypeOf('function');
    unmount();
    expect(
      removed.mock.calls.some(([type, handler]) => type === 'scroll' && handler === onScroll),
      'the same handler is removed',
    ).toBe(true);
  });
});

describe('Header: the phone menu', () => {
  it('opens and closes from the menu button, saying so with its name and aria-expanded', async () => {
    const user = userEvent.setup();
    render(<Header {...props} />);
    expect(menuButton(), 'closed').toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveAttribute('aria-label', 'Open menu');
    expect(phoneMenu().closest('[data-open]')?.getAttribute('data-open'), 'menu hidden').toBe('false');
    expect(
      document.getElementById(menuButton().getAttribute('aria-controls') ?? ''),
      'aria-controls names the menu',
    ).toBe(phoneMenu().closest('[data-open]'));

    await user.click(menuButton());
    expect(menuButton(), 'open').toHaveAttribute('aria-expanded', 'true');
    expect(menuButton()).toHaveAttribute('aria-label', 'Close menu');
    expect(phoneMenu().closest('[data-open]')?.getAttribute('data-open'), 'menu shown').toBe('true');
    expect(banner().dataset.solid, 'the open menu makes the bar solid over the hero').toBe('true');

    await user.click(menuButton());
    expect(menuButton(), 'closed again').toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when a section link is chosen', async () => {
    const user = userEvent.setup();
    render(<Header {...props} />);
    await user.click(menuButton());
    await user.click(within(phoneMenu()).getByRole('link', { name: 'Success Stories' }));
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it("closes on 'Get in Contact' and opens the contact modal", async () => {
    const user = userEvent.setup();
    render(<Header {...props} />);
    await user.click(menuButton());
    await user.click(within(phoneMenu()).getByRole('button', { name: 'Get in Contact' }));
    expect(menuButton(), 'menu closed').toHaveAttribute('aria-expanded', 'false');
    expect($contactOpen.get(), 'contact modal requested').toBe(true);
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    const user = userEvent.setup();
    render(<Header {...props} />);
    await user.click(menuButton());
    await user.tab();
    expect(document.activeElement, 'focus moved on into the menu').not.toBe(menuButton());
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement, 'focus back on the menu button').toBe(menuButton());
  });

  it('ignores Escape while the menu is closed, and stops listening for it', async () => {
    const user = userEvent.setup();
    render(<Header {...props} />);
    await user.click(menuButton());
    await user.click(menuButton());
    const other = document.body.appendChild(document.createElement('button'));
    other.focus();
    await user.keyboard('{Escape}');
    expect(document.activeElement, 'focus is not pulled back to the menu button').toBe(other);
    other.remove();
  });
});

describe('Header: links', () => {
  it('scrolls to the four landing sections in order, then leads to /widget and the guides, on the bar and in the menu', () => {
    render(<Header {...props} />);
    const barList = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('list');
    const menuList = within(phoneMenu()).getAllByRole('list')[0]!;
    for (const list of [barList, menuList]) {
      const links = within(list).getAllByRole('link');
      expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
        ['Features', '#features'],
        ['ROI Calculator', '#roi-calculator'],
        ['Success Stories', '#testimonials'],
        ['Guarantee', '#guarantee'],
        ['For websites', '/widget'],
        ['Guides', '/qa'],
      ]);
    }
  });

  it('marks where the visitor is: the page\'s own link "page", the guides\' link on a guide "true", nothing on the landing', () => {
    const marks = () =>
      [screen.getByRole('navigation', { name: 'Main' }), phoneMenu()].map((nav) =>
        within(nav)
          .getAllByRole('link')
          .filter((a) => a.hasAttribute('aria-current'))
          .map((a) => `${a.textContent}=${a.getAttribute('aria-current')}`),
      );
    const { rerender } = render(<Header {...props} />);
    expect(marks(), 'landing: no page link is current').toEqual([[], []]);
    rerender(<Header {...props} onLanding={false} currentPath="/widget" />);
    expect(marks(), '/widget').toEqual([['For websites=page'], ['For websites=page']]);
    rerender(<Header {...props} onLanding={false} currentPath="/qa/" />);
    expect(marks(), '/qa/ (a trailing slash is the same page)').toEqual([['Guides=page'], ['Guides=page']]);
    rerender(<Header {...props} onLanding={false} currentPath="/qa/ai-receptionist" />);
    expect(marks(), 'a guide lies under Guides').toEqual([['Guides=true'], ['Guides=true']]);
    rerender(<Header {...props} onLanding={false} currentPath="/widgets-elsewhere" />);
    expect(marks(), 'a path that only starts alike is not below /widget').toEqual([[], []]);
  });

  it("off the landing page, leads to /#section and makes 'Get in Contact' a link to /#contact", () => {
    render(<Header {...props} onLanding={false} />);
    expect(
      within(screen.getByRole('navigation', { name: 'Main' }))
        .getByRole('link', { name: 'Features' })
        .getAttribute('href'),
    ).toBe('/#features');
    const contact = screen.getAllByRole('link', { name: 'Get in Contact' });
    expect(
      contact.map((a) => a.getAttribute('href')),
      'bar and menu',
    ).toEqual(['/#contact', '/#contact']);
    expect(screen.queryByRole('button', { name: 'Get in Contact' }), 'no modal off the landing page').toBeNull();
    expect(screen.getByRole('link', { name: 'Ringwise' }).getAttribute('href'), 'the logo goes home').toBe('/');
  });

  it("'Get in Contact' on the bar opens the contact modal on the landing page", async () => {
    const user = userEvent.setup();
    render(<Header {...props} />);
    await user.click(screen.getAllByRole('button', { name: 'Get in Contact' })[0]!);
    expect($contactOpen.get()).toBe(true);
  });

  it('links both social profiles in a new tab, saying so in their names', () => {
    render(<Header {...props} />);
    for (const [network, href] of [
      ['Facebook', 'https://facebook.example/rw'],
      ['LinkedIn', 'https://linkedin.example/rw'],
    ]) {
      const links = screen.getAllByRole('link', { name: `Ringwise on ${network} (opens in a new tab)` });
      expect(links, `${network}: on the bar and in the menu`).toHaveLength(2);
      for (const link of links) {
        expect(link.getAttribute('href')).toBe(href);
        expect(link.getAttribute('target')).toBe('_blank');
        expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      }
    }
  });

  it('closes the menu when a social link in it is chosen', async () => {
    const user = userEvent.setup();
    render(<Header {...props} />);
    await user.click(menuButton());
    const link = within(phoneMenu()).getByRole('link', { name: /LinkedIn/ });
    link.addEventListener('click', (event) => event.preventDefault()); // no navigation in the test
    await user.click(link);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });
});
