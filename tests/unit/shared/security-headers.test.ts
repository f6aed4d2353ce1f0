/** The site's security headers: which inline scripts get hashed, and the policy built from configuration. */
import { describe, expect, it } from 'vitest';
import { scriptHash } from '../../../site/integrations/security-headers.ts';
import {
  BASE_SECURITY_HEADERS,
  inlineScripts,
  siteContentSecurityPolicy,
  WIDGET_CSP_SOURCES,
} from '../../../shared/security-headers.ts';

/** The directives of a policy by name. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('inlineScripts', () => {
  it('finds the scripts a browser runs inline, exactly as written, and skips external and data scripts', () => {
    const html = `<head><script>(()=>{a()})();</script><script type="module">import('x')</script>
      <script src="/x.js"></script><script type="module" src="/m.js"></script><script async src=/y.js></script>
      <script type="application/ld+json">{"@context":"https://schema.org"}</script>
      <script data-src="not-src">b()</script><SCRIPT type="text/javascript">c()</SCRIPT></head>`;
    expect(inlineScripts(html)).toEqual(['(()=>{a()})();', "import('x')", 'b()', 'c()']);
  });
});

describe('scriptHash', () => {
  it('is the CSP sha256 source of the exact text (the example from the CSP specification)', () => {
    expect(scriptHash("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  });
});

describe('siteContentSecurityPolicy', () => {
  const policy = siteContentSecurityPolicy({
    scriptHashes: ["'sha256-AAA='", "'sha256-BBB='"],
    voiceApiBaseUrl: 'https://api.voice.example/v1/',
    supabaseUrl: 'https://abc.supabase.co',
  });
  const d = directives(policy);

  it('runs only the site’s own scripts, the hashed inline ones and the widget’s call machine: no unsafe-inline, no unsafe-eval', () => {
    expect(d['script-src']).toEqual(["'self'", "'sha256-AAA='", "'sha256-BBB='", ...WIDGET_CSP_SOURCES.script]);
    expect(policy).not.toContain('unsafe-eval');
    expect(d['script-src']?.join(' ')).not.toContain('unsafe-inline');
  });

  it('connects to the configured voice API and Supabase project (origins only) and the widget’s servers', () => {
    expect(d['connect-src']).toEqual([
      "'self'",
      'https://api.voice.example',
      'https://abc.supabase.co',
      ...WIDGET_CSP_SOURCES.connect,
    ]);
    const local = directives(
      siteContentSecurityPolicy({ scriptHashes: [], voiceApiBaseUrl: 'http://127.0.0.1:4599', supabaseUrl: '' }),
    );
    expect(local['connect-src'], 'embedded backend: same origin, nothing else').toEqual([
      "'self'",
      'http://127.0.0.1:4599',
      ...WIDGET_CSP_SOURCES.connect,
    ]);
  });

  it('forbids framing, plugins and foreign form targets; lets the widget use blob: workers', () => {
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
    expect(d['form-action']).toEqual(["'self'"]);
    expect(d['worker-src']).toEqual(["'self'", 'blob:']);
  });

  it('comes with nosniff, a strict referrer policy, and the microphone for this origin only', () => {
    expect(BASE_SECURITY_HEADERS).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    });
    expect(BASE_SECURITY_HEADERS['Permissions-Policy']).toMatch(/(^|, )microphone=\(self\)(,|$)/);
    expect(BASE_SECURITY_HEADERS['Permissions-Policy']).toContain('camera=()');
  });
});
