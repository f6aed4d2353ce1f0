/**
 * The site's security headers, computed at build time from the build's configuration and the
 * built pages, and sent by `npm start` on every response.
 *
 * The Content-Security-Policy allows scripts from the site itself and, for inline scripts (Astro's
 * island hydration code, the /widget page's copy buttons), exactly the SHA-256 hashes of the ones
 * in the build: no 'unsafe-inline', no 'unsafe-eval'. Other origins come from configuration: the
 * voice platform's API (`PUBLIC_VOICE_API_BASE_URL`: `POST /call/web`, `POST /chat/web`), the
 * Supabase project (`PUBLIC_SUPABASE_URL`) and what the voice widget needs for calls
 * ({@link WIDGET_CSP_SOURCES}).
 */

/** Name of the file the build writes into `dist/` and the server reads at start. */
export const SECURITY_HEADERS_FILE = 'security-headers.json';

/** Headers for every response, whatever it is. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // The hero call and the /widget preview use the microphone on the site's own pages only.
  'Permissions-Policy': 'microphone=(self), camera=(), geolocation=(), payment=(), usb=()',
  // For browsers without CSP frame-ancestors.
  'X-Frame-Options': 'DENY',
};

/** The policy of responses when no site is served (the contact API alone). */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * What the voice widget needs on any page that runs calls: Daily's call machine and servers
 * (daily-js runs with `avoidEval`), and blob: workers for its audio processing. The one list; the
 * /widget page prints it for website owners.
 */
export const WIDGET_CSP_SOURCES = {
  script: ['https://*.daily.co'],
  connect: ['https://*.daily.co', 'wss://*.daily.co'],
  worker: ['blob:'],
} as const;

/** What the site's policy is derived from. */
export interface SitePolicyInput {
  /** `'sha256-…'` sources of every inline script in the build. */
  scriptHashes: readonly string[];
  /** Base URL of the voice platform API (the widget's and hero's `POST /call/web`, `/chat/web`). */
  voiceApiBaseUrl: string;
  /** The Supabase project, when contact requests go there; '' for the embedded backend (same origin). */
  supabaseUrl: string;
}

function origin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

/** The site's Content-Security-Policy for `input`. */
export function siteContentSecurityPolicy(input: SitePolicyInput): string {
  const unique = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => !!v))].join(' ');
  const directives: Array<[string, string]> = [
    ['default-src', "'self'"],
    ['script-src', unique(["'self'", ...input.scriptHashes, ...WIDGET_CSP_SOURCES.script])],
    // Styles: Astro inlines the page CSS and React renders style attributes; neither runs code.
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data: blob:"],
    ['font-src', "'self'"],
    [
      'connect-src',
      unique(["'self'", origin(input.voiceApiBaseUrl), origin(input.supabaseUrl), ...WIDGET_CSP_SOURCES.connect]),
    ],
    // The assistant's video arrives as a MediaStream, which media-src does not restrict.
    ['media-src', "'self' blob:"],
    ['worker-src', unique(["'self'", ...WIDGET_CSP_SOURCES.worker])],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** What the build writes to {@link SECURITY_HEADERS_FILE}. */
export interface SecurityManifest {
  /** The site's public origin (PUBLIC_SITE_URL at build), allowed to send contact requests. */
  siteOrigin: string;
  /** Every header for every response, Content-Security-Policy included. */
  headers: Record<string, string>;
}

/** Inline `<script>` elements that browsers run (no src, a JavaScript type or none), as written. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(' ' + attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}
