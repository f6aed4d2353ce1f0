/**
 * The one site configuration: brand, contact address, social profiles and the public keys the
 * browser needs. The brand name is written here and nowhere else. `PUBLIC_*` variables are read
 * at build time (see `.env.example`); every one has a documented default so a fresh checkout builds.
 */
import { DEFAULT_API_BASE_URL } from '@ringwise/voice-widget/api';

// Vite (build, dev, vitest) provides import.meta.env; plain Node (Playwright tests, scripts)
// does not, and reads the same variables from the process environment.
const env: Partial<ImportMetaEnv> = import.meta.env ?? (typeof process === 'undefined' ? {} : process.env);

/** Trimmed value of a build-time variable, or the fallback when unset or blank. */
function pick(value: string | undefined, fallback: string): string {
  const v = value?.trim();
  return v ? v : fallback;
}

/**
 * The configuration for a set of build-time variables (the site's own, or those a build tool
 * loaded, e.g. the security-headers integration with Vite's `loadEnv`).
 */
export function readSiteConfig(env: Partial<Record<keyof ImportMetaEnv, string | undefined>>) {
  const brand = 'Ringwise';
  return {
    /** Brand name used in titles, copy and structured data. */
    brand,
    /**
     * The site's assistant, by one name on every page: the floating widget's card title and the
     * /widget page's demos (issue 36). The buttons name what they do ('Talk to Our Agent' calls).
     */
    assistantName: `${brand} Agent`,
    /** The spec's tagline, shown in the hero and under the brand name in the footer. */
    tagline: 'Phone Calls • SMS • Website Chat • 24/7',
    /** Where contact requests and the mailto links go. */
    contactEmail: pick(env.PUBLIC_CONTACT_EMAIL, 'hello@ringwise.example'),
    /** The two social profiles linked from the header and the contact section. */
    social: {
      facebook: pick(env.PUBLIC_SOCIAL_FACEBOOK_URL, 'https://www.facebook.com/ringwise.ai'),
      linkedin: pick(env.PUBLIC_SOCIAL_LINKEDIN_URL, 'https://www.linkedin.com/company/ringwise-ai'),
    },
    /** The voice platform, for the hero's demo call and the /widget page. */
    voice: {
      /** Public web token (safe in the browser). Default: empty, the call button says it is not configured. */
      publicKey: pick(env.PUBLIC_VOICE_PUBLIC_KEY, ''),
      /** The demo assistant the hero button calls. */
      assistantId: pick(env.PUBLIC_VOICE_ASSISTANT_ID, ''),
      /** Base URL of the platform's REST API. Default: the widget's `DEFAULT_API_BASE_URL`. */
      apiBaseUrl: pick(env.PUBLIC_VOICE_API_BASE_URL, DEFAULT_API_BASE_URL),
    },
    /**
     * Contact backend. Unset: the embedded local backend of `npm start` on the same origin.
     * Set both to use a Supabase project (anon key only: it is public by design).
     */
    supabase: {
      url: pick(env.PUBLIC_SUPABASE_URL, ''),
      anonKey: pick(env.PUBLIC_SUPABASE_ANON_KEY, ''),
    },
  } as const;
}

/** The site's configuration, from this build's variables. */
export const siteConfig = readSiteConfig(env);

export type SiteConfig = typeof siteConfig;
