import { useCallback, useEffect, useRef, useState } from 'react';
import { isHeaderSolid } from '../lib/active-section.ts';
import type { SocialLink } from '../lib/social.ts';
import { openContact } from '../stores/contact.ts';
import SocialLinks from '../components/SocialLinks.tsx';
import { contactCtaLabel, headerCopy } from '../../content/ui.ts';
import { withBase } from '../lib/base-path.ts';
import type { EarlyClicksWindow } from '../lib/early-clicks-script.ts';
import { currentMark, type PageLink } from '../lib/site-nav.ts';

/** Props of the fixed site header. */
export interface HeaderProps {
  /** Brand name shown next to the logo. */
  brand: string;
  /** The section links, in order (id of the landing section and its text). */
  links: ReadonlyArray<{ readonly id: string; readonly label: string }>;
  /** The two social profile links. */
  social: readonly SocialLink[];
  /**
   * True on the landing page: links scroll to its sections and 'Get in Contact' opens the
   * contact modal. False elsewhere: links lead to `/#section` and 'Get in Contact' to `/#contact`.
   */
  onLanding: boolean;
  /** The site's own pages, after the section links (site/lib/site-nav.ts: sitePages). */
  pages: readonly PageLink[];
  /**
   * Path of the page being shown (below the base path): its link is marked `aria-current="page"`,
   * and the link of the part it lies in (a guide under "Guides") `aria-current="true"`.
   */
  currentPath: string;
}

/** Logo mark: a rounded tile with a sound wave. Decorative; the brand name is the link text. */
function LogoMark() {
  return (
    <svg className="logo-mark" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#4f46e5" />
      <path d="M9 13v6M13 10v12M17 14v4M21 11v10M25 14v4" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The fixed site header: transparent over the hero, solid white with blur once the page is
 * scrolled past 50 px (or while the phone menu is open). Large screens show a nav bar; small
 * screens a toggled menu that closes on a link or contact click, on Escape, and when the
 * viewport grows to the large layout.
 */
export default function Header({ brand, links, social, onLanding, pages, currentPath }: HeaderProps) {
  const [solid, setSolid] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  // Taps on the menu toggle before hydration (site/lib/early-clicks-script.ts): an odd count leaves it open.
  useEffect(() => {
    if (((window as EarlyClicksWindow).__rwEarly?.('menu') ?? 0) % 2 === 1) setMenuOpen(true);
  }, []);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = 'site-menu';

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setSolid(isHeaderSolid(window.scrollY));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    // The menu only exists below the large breakpoint; growing the window closes it.
    const large = window.matchMedia('(min-width: 1180px)');
    const onResize = () => {
      if (large.matches) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    large.addEventListener('change', onResize);
    return () => {
      document.removeEventListener('keydown', onKey);
      large.removeEventListener('change', onResize);
    };
  }, [menuOpen]);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const contact = useCallback(() => {
    setMenuOpen(false);
    openContact();
  }, []);

  const prefix = onLanding ? '' : withBase('/');
  const homeHref = onLanding ? '#hero' : withBase('/');

  const contactButton = (extraClass: string) =>
    onLanding ? (
      // data-open-contact: before hydration, the landing page's script opens it (site/lib/early-clicks-script.ts).
      <button type="button" className={`btn btn-primary btn-sm ${extraClass}`} onClick={contact} data-open-contact="">
        {contactCtaLabel}
      </button>
    ) : (
      <a className={`btn btn-primary btn-sm ${extraClass}`} href={withBase('/#contact')} onClick={closeMenu}>
        {contactCtaLabel}
      </a>
    );

  return (
    <header className="site-header" data-solid={solid || menuOpen ? 'true' : 'false'}>
      <div className="container header-bar">
        <a className="brand" href={homeHref} onClick={closeMenu}>
          <LogoMark />
          <span>{brand}</span>
        </a>
        <nav className="header-nav" aria-label={headerCopy.mainNavLabel}>
          <ul>
            {links.map((link) => (
              <li key={link.id}>
                <a href={`${prefix}#${link.id}`}>{link.label}</a>
              </li>
            ))}
            {pages.map((page) => (
              <li key={page.href}>
                <a href={page.href} aria-current={currentMark(page.href, currentPath)}>
                  {page.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          <ul className="social-links">
            <SocialLinks links={social} brand={brand} />
          </ul>
          {contactButton('header-contact')}
          <button
            ref={toggleRef}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? headerCopy.closeMenu : headerCopy.openMenu}
            onClick={() => setMenuOpen((open) => !open)}
            data-early-click="menu"
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {menuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>
      <div id={menuId} className="mobile-menu" data-open={menuOpen ? 'true' : 'false'}>
        <nav className="container" aria-label={headerCopy.menuNavLabel}>
          <ul className="mobile-links">
            {links.map((link) => (
              <li key={link.id}>
                <a href={`${prefix}#${link.id}`} onClick={closeMenu}>
                  {link.label}
                </a>
              </li>
            ))}
            {pages.map((page) => (
              <li key={page.href}>
                <a href={page.href} aria-current={currentMark(page.href, currentPath)} onClick={closeMenu}>
                  {page.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="mobile-menu-footer">
            {contactButton('mobile-contact')}
            <ul className="social-links">
              <SocialLinks links={social} brand={brand} onClick={closeMenu} />
            </ul>
          </div>
        </nav>
      </div>
    </header>
  );
}
