/**
 * Interface copy: the texts of the parts every page shares (header, footer), of the contact
 * modal, the guide layout and the 404 page. Components and islands only lay these out; change
 * wording here. Landing-section copy is in `landing.ts`, the brand and addresses in `site.ts`.
 */
import { siteConfig } from './site.ts';

const { brand } = siteConfig;

/** The label of every button and link that opens the contact modal (spec §2). */
export const contactCtaLabel = 'Get in Contact';

/** The fixed header (the section links themselves are `headerLinks` in landing.ts). */
export const headerCopy = {
  /** Accessible name of the large-screen navigation. */
  mainNavLabel: 'Main',
  /** Accessible name of the phone menu's navigation. */
  menuNavLabel: 'Menu',
  /** Accessible name of the menu button while the menu is closed. */
  openMenu: 'Open menu',
  /** Accessible name of the menu button while the menu is open. */
  closeMenu: 'Close menu',
} as const;

/** The footer of every page. */
export const footerCopy = {
  /** The line under the brand name and tagline. */
  blurb: 'AI phone agents that answer every call, book the work and follow up, around the clock.',
  productTitle: 'Product',
  /** The footer's link to the landing page's contact section. */
  contactLink: 'Contact',
  guidesTitle: 'Guides',
  contactTitle: 'Get in touch',
  /** Follows "© {year} {brand}." */
  rights: 'All rights reserved.',
} as const;

/** The contact modal (spec §2, §4). Field labels are the spec's. */
export const contactModalCopy = {
  title: contactCtaLabel,
  intro:
    "Tell us about your business and we'll show you how an AI phone agent can answer every call, follow up on every lead and book appointments for you, 24/7.",
  /** Visible labels of the four fields, in form order. */
  fields: {
    name: 'Name',
    businessName: 'Business Name',
    email: 'Email',
    additionalInfo: 'Additional Info',
  },
  /** Shown after the label of the one optional field. */
  optional: '(optional)',
  /** The fieldset's legend (read by screen readers only). */
  legend: 'Your details',
  /** Character counter under Additional Info: "12 / 2000 characters". */
  counterUnit: 'characters',
  submit: 'Send Message',
  sending: 'Sending...',
  /** Announced politely while the request is in flight. */
  sendingStatus: 'Sending your message…',
  /** Accessible name of the close button. */
  close: 'Close',
  successTitle: 'Thank You!',
  successText: `We'll contact you soon to discuss how ${brand} can help your business grow`,
  successNote: 'Your message has been sent successfully!',
  /** Before the mailto link in the modal's footer. */
  emailPrompt: 'Prefer email? Write to',
  /** When the form's file could not be loaded (offline, blocked): the next open tries again. */
  loadFailed: 'The form could not be loaded. Check your connection and try again, or write to us:',
  /**
   * Label of the honeypot field, which people never see (it is off-screen and aria-hidden).
   * Worded so that no browser autofill or password manager recognises it: see
   * tests/unit/site/islands/ContactModal.test.tsx for the words they key on.
   */
  trapLabel: 'Leave this empty',
} as const;

/** The floating widget on every page (site/components/SiteWidget.astro). */
export const siteWidgetCopy = {
  /**
   * Its launcher: it opens the card to type (a call is one button away in it). One short word: on
   * phones a longer pill covered the hero's 'Get in Contact' (tests/e2e/site-composition.spec.ts).
   */
  launcher: 'Chat',
} as const;

/** The hero's call button (site/islands/HeroCall.tsx). */
export const heroCallCopy = {
  /**
   * Its pressed state, painted in the click's next frame. The widget's own word for it
   * (`EN_LABELS.connecting`) lives in the card's labels, which the landing page must not load
   * eagerly (its 85 KB budget); tests/unit/site/hero-copy.test.ts holds the two equal.
   */
  connecting: 'Connecting…',
} as const;

/**
 * The widget's hand-over to a person (issue 26): the label of the card's action, and the words of
 * the summary the contact modal's message field is prefilled with (the visitor edits it freely).
 */
export const contactHandoffCopy = {
  /** The card's action (the widget's `handoff-label`). */
  action: 'Talk to a person',
  /** First line of the summary. */
  intro: 'From my conversation with your assistant:',
  /** Who said a line of the summary. */
  you: 'Me',
  assistant: 'Assistant',
} as const;

/** Labels of the guide page layout (site/layouts/Guide.astro). */
export const guideCopy = {
  breadcrumbLabel: 'Breadcrumb',
  breadcrumbHome: 'Home',
  /** The breadcrumb's middle crumb, a link to the guides' index (/qa). */
  breadcrumbGuides: 'Guides',
  /** Before the date the guide was last reviewed. */
  updated: 'Updated',
  quickAnswerTitle: 'Quick answer',
  /** Column headings of the pricing comparison table. */
  pricingColumns: { option: 'Option', price: 'Monthly cost', coverage: 'Coverage' },
  relatedTitle: 'More guides',
  /** After the few related guides: the link to the index of every guide. */
  allGuides: 'See all guides',
} as const;

/** The 404 page. */
export const notFoundCopy = {
  title: `Page not found | ${brand}`,
  description:
    'The page you were looking for does not exist. Go back to the home page or read one of our guides to AI phone agents.',
  code: '404',
  heading: 'We couldn’t find that page',
  lead: 'The link may be old or mistyped. Unlike this page, our AI agent answers every call.',
  homeLink: 'Back to the home page',
  guidesTitle: 'Recent guides',
  /** After the few recent guides: the link to the index of every guide. */
  allGuides: 'See all guides',
} as const;

/** The site's own pages in the header and the footer (site/lib/site-nav.ts). */
export const navCopy = {
  /** The link to /widget, the page for website owners. */
  widget: 'For websites',
  /** The link to /qa, the index of the guides. */
  guides: 'Guides',
  /** The footer's link to the index of every guide, after the newest few. */
  allGuides: 'All guides',
} as const;

/** The guides' index (/qa and its further pages). */
export const guideIndexCopy = {
  title: `Guides to AI phone agents | ${brand}`,
  description:
    'Plain-language guides to AI receptionists, answering services and phone automation: what they do, what they cost, how to choose.',
  eyebrow: 'Guides',
  heading: 'Guides to AI phone agents',
  lead: 'Straight answers about AI receptionists, answering services and automating your business phone.',
  /** Before the date a guide was last reviewed. */
  updated: 'Updated',
  /** Accessible name of the page links. */
  paginationLabel: 'Pages of guides',
  previous: 'Previous page',
  next: 'Next page',
  /** Accessible name of a page number's link. */
  pageLabel: (page: number) => `Page ${page}`,
  /** "Page 2 of 9": the browser title and the heading's suffix on pages after the first. */
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;

/** The embed configurator on /widget (site/islands/EmbedConfigurator.tsx). */
export const configuratorCopy = {
  /** Accessible name of the form. */
  formLabel: 'Your widget',
  publicKey: 'Public key',
  assistantId: 'Assistant id',
  mode: 'Mode',
  /** Short: the select is narrow on phones. What each does is under "Three modes, live". */
  modes: { hybrid: 'Hybrid', voice: 'Voice', chat: 'Chat' },
  position: 'Position',
  theme: 'Theme',
  themes: { light: 'Light', dark: 'Dark', auto: 'Auto' },
  language: 'Language',
  /** The language option that writes no attribute. */
  pageLanguage: 'Page language',
  title: 'Title in the card',
  colour: 'Colour',
  /** Under the fields. */
  private: 'Nothing you type leaves this page: the snippet is written in your browser, and the preview is scripted.',
  /** Accessible name of the tab list. */
  formats: 'Snippet format',
  tabs: { script: 'Script tag', react: 'React (npm)', element: 'Custom element' },
  /** One line under each tab's snippet. */
  hints: {
    script: 'Paste it before </body>, on every page that should have the widget.',
    react:
      'npm install @ringwise/voice-widget, then render <VoiceAgent /> where the widget belongs (plain JSX; in TypeScript, add ringwise-voice-call to JSX.IntrinsicElements once). For your own buttons, use the useVoiceCall hook (see “React” below).',
    element: 'Place the element where it belongs; the loader only defines it (data-mount="false").',
  },
  /** The copy button of each tab. */
  copyButtons: { script: 'Copy script tag', react: 'Copy React code', element: 'Copy element code' },
  copied: 'Copied.',
  copyFailed: 'Copy failed: select the snippet and copy it by hand.',
  preview: 'Preview',
  /** Under the preview when the widget floats on the owner's page. */
  previewFloating: (position: string) =>
    `Shown in place here; on your site the button floats ${position.replace('-', ' ')}.`,
} as const;
