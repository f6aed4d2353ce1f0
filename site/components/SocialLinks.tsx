/**
 * The two social profile links as list items, the one markup for them: the header island renders
 * it as a React child, the contact section and the footer render it statically from Astro (no
 * JavaScript ships for those). Callers wrap the items in their own `<ul>`.
 */
import { socialLabel, type SocialLink } from '../lib/social.ts';

/** Props of {@link SocialLinks}. */
export interface SocialLinksProps {
  /** The profiles, in display order (`socialLinks(siteConfig.social)`). */
  links: readonly SocialLink[];
  /** Brand name, part of each link's accessible name. */
  brand: string;
  /**
   * 'icon': a round icon link with the class `social-link` (header, contact section);
   * 'name': the network's name as the link text (footer). @default 'icon'
   */
  display?: 'icon' | 'name';
  /** Icon width and height in px (icon display). @default 18 */
  iconSize?: number;
  /** Called on a click (the phone menu closes itself). */
  onClick?: () => void;
}

/** One `<li>` per profile, each link opening in a new tab and saying so in its name. */
export default function SocialLinks({ links, brand, display = 'icon', iconSize = 18, onClick }: SocialLinksProps) {
  return (
    <>
      {links.map((link) => (
        <li key={link.network}>
          <a
            className={display === 'icon' ? 'social-link' : undefined}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={socialLabel(link, brand)}
            onClick={onClick}
          >
            {display === 'icon' ? (
              <svg width={iconSize} height={iconSize} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={link.iconPath} fill="currentColor" />
              </svg>
            ) : (
              link.network
            )}
          </a>
        </li>
      ))}
    </>
  );
}
