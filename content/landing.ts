/**
 * Landing page content: every text, statistic and claim of the sections of `/`, in page order.
 * Components only lay this out; change copy here. Each number of the product spec is written once
 * in this file (the guides' pricing table and results strip read it from here too).
 */
import { siteConfig } from './site.ts';
import { contactCtaLabel } from './ui.ts';

const { brand } = siteConfig;

/** Name of an icon drawn by `site/components/Icon.astro`. */
export type IconName =
  | 'phone'
  | 'phone-outgoing'
  | 'chat'
  | 'sms'
  | 'clock'
  | 'calendar'
  | 'chart'
  | 'piggy'
  | 'check'
  | 'filter'
  | 'sync'
  | 'shield';

/** One section of the landing page: its anchor id and the name screen readers hear for it. */
export interface LandingSection {
  /** The element id, used by in-page links (`#id`) and the section navigator. */
  readonly id: string;
  /** Human name of the section (navigator dot label). */
  readonly label: string;
}

/** The sections of `/` in page order; the section navigator shows one dot per entry. */
export const landingSections = [
  { id: 'hero', label: 'Top' },
  { id: 'roi-calculator', label: 'ROI Calculator' },
  { id: 'features', label: 'Features' },
  { id: 'problem', label: 'The Problem' },
  { id: 'testimonials', label: 'Success Stories' },
  { id: 'how-it-works', label: 'How It Works' },
  { id: 'guarantee', label: 'Guarantee' },
  { id: 'contact', label: 'Contact' },
] as const satisfies readonly LandingSection[];

/** Id of one of the landing sections. */
export type LandingSectionId = (typeof landingSections)[number]['id'];

/** A link of the header navigation: the section it scrolls to and its visible text. */
export interface HeaderLink {
  /** Target section id on the landing page. */
  readonly id: LandingSectionId;
  /** Link text. */
  readonly label: string;
}

/** The four header links, in order. */
export const headerLinks = [
  { id: 'features', label: 'Features' },
  { id: 'roi-calculator', label: 'ROI Calculator' },
  { id: 'testimonials', label: 'Success Stories' },
  { id: 'guarantee', label: 'Guarantee' },
] as const satisfies readonly HeaderLink[];

/** A headline number with what it measures. */
export interface Stat {
  /** The figure as displayed, e.g. "67%". */
  readonly value: string;
  /** What the figure means, completing a sentence that starts with the value. */
  readonly label: string;
}

/** Results customers get; shown in the hero, the key benefits and every guide. */
export const results = {
  answerRate: { value: '100%', label: 'call answer rate, nights and weekends included' },
  leadConversion: { value: '60%', label: 'increase in lead conversion' },
  costReduction: { value: '75%', label: 'reduction in phone operation costs' },
} as const satisfies Record<string, Stat>;

/** Monthly prices compared on the pricing guide. */
export const pricing = {
  /** Heading of the comparison table. */
  title: 'What it costs to answer every call',
  rows: [
    {
      option: `${brand} AI phone agent`,
      price: '$297/month',
      coverage: '24/7, unlimited simultaneous calls',
      highlight: true,
    },
    {
      option: 'Human answering service',
      price: '$800-2000/month',
      coverage: 'Per-minute billing, scripted messages',
      highlight: false,
    },
    {
      option: 'Full-time receptionist',
      price: '$3000-5000/month',
      coverage: 'Business hours, one call at a time',
      highlight: false,
    },
  ],
} as const;

/** Title and meta description of the landing page. */
export const landingMeta = {
  title: `${brand}: AI Phone Agents That Answer Every Call, 24/7`,
  description: `${brand} AI phone agents answer every call, book appointments and follow up by SMS and website chat, 24/7. Talk to the demo agent and see your ROI.`,
} as const;

/** The hero section. */
export const hero = {
  eyebrow: 'AI phone agents for growing businesses',
  headline: 'Never Miss Another Call. Never Lose Another Lead.',
  /** The tagline is part of the site config; repeated here by reference only. */
  tagline: siteConfig.tagline,
  intro: `${brand} answers every call on the first ring, qualifies the caller, books the appointment into your calendar and follows up by text — day and night, in your business's voice.`,
  callHint: 'Try it now: talk to our demo agent right in your browser.',
  /** The demo conversation drawn in the hero's illustration. */
  demo: {
    status: 'Incoming call · 11:42 PM',
    /** The badge at the top right of the call card. */
    live: 'Live',
    caller: 'Hi, our AC just stopped working. Can someone come out tomorrow?',
    agent: 'I’m sorry to hear that! I have 9:00 AM or 1:30 PM tomorrow. Which works better for you?',
    callerReply: '9 works. Thank you!',
    outcome: 'Booked for 9:00 AM · Calendar updated · SMS confirmation sent',
  },
} as const;

/** The ROI calculator section (the calculator itself is an island). */
export const roi = {
  eyebrow: 'ROI calculator',
  heading: 'What Are Missed Calls Costing You?',
  intro:
    'Enter a few numbers from your business. The calculator shows the revenue that slips away through unanswered calls and the staff time spent dialing leads who never pick up.',
  /** In-page links under the calculator. */
  links: [
    { href: '#features', label: 'See what the agent does' },
    { href: '#testimonials', label: 'Read success stories' },
    { href: '#guarantee', label: 'Our money-back guarantee' },
  ],
} as const;

/** A card with an icon, a title and a short text. */
export interface Card {
  /** Icon drawn next to the title. */
  readonly icon: IconName;
  /** Card heading. */
  readonly title: string;
  /** One or two sentences. */
  readonly text: string;
}

/** The features section: four capability cards and four key benefits. */
export const features = {
  eyebrow: 'Features',
  heading: 'One AI Team for Every Customer Conversation',
  intro: `${brand} works every channel your customers use to reach you, and plugs into the CRM and calendar you already have.`,
  capabilities: [
    {
      icon: 'phone',
      title: 'AI Phone Agents',
      text: 'Inbound and outbound calls handled by a natural-sounding agent that answers questions, qualifies leads and books jobs, and calls new leads back within seconds.',
    },
    {
      icon: 'chat',
      title: 'Website Chat Agents',
      text: 'Visitors get instant, accurate answers on your site, trained on your services, prices and policies, and are handed to a booking or a call when they are ready.',
    },
    {
      icon: 'sms',
      title: 'SMS Automation',
      text: 'Confirmations, reminders, missed-call text-backs and follow-ups go out automatically, so leads hear from you before they hear from a competitor.',
    },
    {
      icon: 'clock',
      title: '24/7 Availability',
      text: 'Nights, weekends, holidays and lunch rushes are covered. Every caller reaches someone who can help, even when ten of them call at once.',
    },
  ],
  benefitsHeading: 'Key benefits',
  benefits: [
    {
      icon: 'check',
      title: `${results.answerRate.value} Call Answer Rate`,
      text: 'No voicemail, no hold music, no busy signal. Every call is answered on the first ring.',
    },
    {
      icon: 'chart',
      title: `${results.leadConversion.value} More Leads Converted`,
      text: 'Instant answers and same-minute follow-up turn more enquiries into booked appointments.',
    },
    {
      icon: 'piggy',
      title: `${results.costReduction.value} Lower Phone Costs`,
      text: 'Pay a flat monthly price instead of per-minute answering fees or extra headcount.',
    },
    {
      icon: 'sync',
      title: 'Works With Your CRM & Calendar',
      text: 'Contacts, call notes and bookings land in the tools your team already uses, with no double entry.',
    },
  ],
} as const satisfies {
  eyebrow: string;
  heading: string;
  intro: string;
  capabilities: readonly Card[];
  benefitsHeading: string;
  benefits: readonly Card[];
};

/** The problem section: industry statistics, then a sample month in four tiles. */
export const problem = {
  eyebrow: 'The problem',
  heading: 'Every Missed Call Is a Customer Calling Your Competitor',
  intro:
    'Customers expect an answer now. When nobody picks up, they do not wait and they rarely leave a message: they dial the next business on the list.',
  stats: [
    { value: '67%', label: 'of calls to small businesses go unanswered' },
    { value: '90%', label: 'of customers won’t leave a voicemail' },
    { value: '2-3%', label: 'connect rate for manual outbound calling' },
    { value: '$75 billion', label: 'lost annually by businesses to poor customer service' },
  ],
  tilesHeading: 'A sample month with an AI agent on the phones',
  tilesNote: 'Illustrative figures for a home-services business with two trucks.',
  tiles: [
    { value: '247 calls', label: 'answered, including 96 after hours' },
    { value: '18hrs', label: 'of outbound calling handed to the agent each week' },
    { value: '73%', label: 'of callers qualified or booked on the first call' },
    { value: '$89,340', label: 'in booked revenue from calls that used to go to voicemail' },
  ],
} as const satisfies {
  eyebrow: string;
  heading: string;
  intro: string;
  stats: readonly Stat[];
  tilesHeading: string;
  tilesNote: string;
  tiles: readonly Stat[];
};

/** A customer quote. */
export interface Testimonial {
  /** Customer's name. */
  readonly name: string;
  /** Customer's business. */
  readonly business: string;
  /** Portrait URL (local, square). */
  readonly image: string;
  /** Star rating out of 5. */
  readonly rating: 5;
  /** The quote. */
  readonly text: string;
}

/** The testimonials section. */
export const testimonials = {
  eyebrow: 'Success stories',
  heading: 'Businesses That Stopped Missing Calls',
  items: [
    {
      name: 'Maria Gonzalez',
      business: 'Bright Smile Family Dental',
      image: '/images/testimonials/maria-gonzalez.svg',
      rating: 5,
      text: 'Our front desk used to miss a third of calls during morning rush. Now every call is answered, new patients are booked straight into our schedule, and my team can focus on the people in the chairs.',
    },
    {
      name: 'James Carter',
      business: 'Carter Heating & Air',
      image: '/images/testimonials/james-carter.svg',
      rating: 5,
      text: 'Emergency calls come in at 2 AM. The agent books them, texts the customer a confirmation and my tech has the details before he is out of bed. It paid for itself in the first week of summer.',
    },
    {
      name: 'Priya Patel',
      business: 'Lakeside Realty Group',
      image: '/images/testimonials/priya-patel.svg',
      rating: 5,
      text: 'Every buyer lead gets a call back within a minute, qualified and scheduled for a showing. Our agents spend their days with clients instead of chasing voicemails.',
    },
  ],
} as const satisfies { eyebrow: string; heading: string; items: readonly Testimonial[] };

/** The how-it-works section: five capability cards, in the order a call flows. */
export const howItWorks = {
  eyebrow: 'How it works',
  heading: 'From First Ring to Booked Job, Automatically',
  intro:
    'Set-up takes days, not months. We configure the agent with your services, hours, prices and booking rules, then forward your line.',
  steps: [
    {
      icon: 'phone',
      title: 'Answers Instantly',
      text: 'Every call is picked up on the first ring, with a greeting in your business’s name and tone.',
    },
    {
      icon: 'filter',
      title: 'Qualifies the Caller',
      text: 'The agent asks your questions, answers theirs and separates hot leads from tire-kickers.',
    },
    {
      icon: 'calendar',
      title: 'Books the Appointment',
      text: 'Open slots come from your live calendar, so bookings never clash with existing jobs.',
    },
    {
      icon: 'phone-outgoing',
      title: 'Follows Up',
      text: 'Text confirmations, reminders and outbound call-backs keep leads warm until they buy.',
    },
    {
      icon: 'sync',
      title: 'Updates Your CRM',
      text: 'Caller details, a call summary and the outcome are logged where your team works.',
    },
  ],
} as const satisfies { eyebrow: string; heading: string; intro: string; steps: readonly Card[] };

/** The guarantee section. */
export const guarantee = {
  eyebrow: 'Guarantee',
  badge: '30-Day Money Back',
  heading: 'It Pays for Itself, or Your Month Is Free',
  text: `Try ${brand} with real callers for 30 days. If the service doesn’t pay for itself within the month, we refund that month in full.`,
  points: ['30-day money-back guarantee', 'Month-to-month, no contract', 'Cancel any time, keep your number'],
} as const;

/** The contact section. */
export const contact = {
  eyebrow: 'Contact',
  heading: 'Ready to Answer Every Call?',
  text: `Tell us about your business and we’ll show you what ${brand} would handle for you, with a demo agent trained on your own services.`,
  emailLabel: 'Or email us directly:',
  socialLabel: 'Follow us',
} as const;

/** The call to action at the end of every guide page. */
export const guideCallToAction = {
  heading: `See ${brand} answer your calls`,
  text: 'Talk to our demo agent, work out what missed calls cost your business, or tell us what you need.',
  primary: { href: '/', label: 'Explore the AI phone agent' },
  secondary: { href: '/#contact', label: contactCtaLabel },
  resultsHeading: 'What customers see',
} as const;
