/**
 * The two social profiles as renderable links (label, URL, icon path), shared by the header
 * island and the static sections so labels and icons are defined once.
 */

/** One social profile link. */
export interface SocialLink {
  /** Network name, used in the accessible label. */
  readonly network: string;
  /** Profile URL (opens in a new tab). */
  readonly href: string;
  /** SVG path data of a 24×24 filled icon. */
  readonly iconPath: string;
}

const FACEBOOK_PATH = 'M14 8V6.3c0-.8.2-1.3 1.4-1.3H17V2h-2.6C11.3 2 10 3.6 10 6v2H8v3h2v11h4V11h2.6l.4-3h-3z';
const LINKEDIN_PATH =
  'M4.98 3.5A2.5 2.5 0 1 1 0 3.5a2.5 2.5 0 0 1 4.98 0zM5 8H0v16h5V8zm7.98 0H8.01v16h4.97v-8.4c0-4.67 6.03-5.05 6.03 0V24H24V13.87c0-7.88-8.92-7.59-10.67-3.72V8z';

/**
 * The social links for the given profile URLs, in display order (social network page first,
 * professional network profile second).
 */
export function socialLinks(profiles: { readonly facebook: string; readonly linkedin: string }): SocialLink[] {
  return [
    { network: 'Facebook', href: profiles.facebook, iconPath: FACEBOOK_PATH },
    { network: 'LinkedIn', href: profiles.linkedin, iconPath: LINKEDIN_PATH },
  ];
}

/** Accessible name of a social link: says where it goes and that it opens a new tab. */
export function socialLabel(link: SocialLink, brand: string): string {
  return `${brand} on ${link.network} (opens in a new tab)`;
}
