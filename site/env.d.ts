/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_SITE_URL?: string;
  readonly PUBLIC_CONTACT_EMAIL?: string;
  readonly PUBLIC_SOCIAL_FACEBOOK_URL?: string;
  readonly PUBLIC_SOCIAL_LINKEDIN_URL?: string;
  readonly PUBLIC_VOICE_PUBLIC_KEY?: string;
  readonly PUBLIC_VOICE_ASSISTANT_ID?: string;
  readonly PUBLIC_VOICE_API_BASE_URL?: string;
  readonly PUBLIC_SUPABASE_URL?: string;
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate right after the first contentful paint (site/directives/after-paint.ts). */
    'client:afterpaint'?: boolean;
  }
}
