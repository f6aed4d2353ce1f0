/**
 * The built site under its own security headers: every route is served with the build's
 * Content-Security-Policy and the other headers, every inline script of every page is allowed by
 * hash (so the pages run without 'unsafe-inline'), nothing on the pages, the contact modal or the
 * /widget preview violates the policy, and a script injected at run time is blocked.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ENV } from '../../fixtures/e2e-env.ts';
import { inlineScripts, SECURITY_HEADERS_FILE, type SecurityManifest } from '../../shared/security-headers.ts';
import { GUIDE_ROUTES, waitForIsland } from './site-helpers.ts';
import { preparePage } from './widget-helpers.ts';

const manifest = JSON.parse(
  readFileSync(new URL(`../../dist/${SECURITY_HEADERS_FILE}`, import.meta.url), 'utf8'),
) as SecurityManifest;
const ROUTES = ['/', ...GUIDE_ROUTES, '/widget', '/no-such-page'];

/** Records CSP violations in the page from before its first script. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (event) =>
      list.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

test('every route carries the security headers, and its inline scripts are allowed by hash', async ({ request }) => {
  const policy = manifest.headers['Content-Security-Policy'] ?? '';
  expect(policy, 'no unsafe-inline for scripts').not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy, 'connects to the configured voice API').toMatch(
    new RegExp(
      `connect-src[^;]* ${new URL(E2E_ENV.PUBLIC_VOICE_API_BASE_URL).origin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}( |;|$)`,
    ),
  );
  for (const route of ROUTES) {
    const res = await request.get(route);
    expect(res.status(), `${route} status`).toBe(route === '/no-such-page' ? 404 : 200);
    const headers = res.headers();
    expect(headers['content-security-policy'], `${route} CSP`).toBe(policy);
    expect(headers['x-content-type-options'], `${route} nosniff`).toBe('nosniff');
    expect(headers['referrer-policy'], `${route} referrer policy`).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], `${route} microphone for self`).toContain('microphone=(self)');
    expect(policy, 'frame-ancestors').toContain("frame-ancestors 'none'");
    for (const script of inlineScripts(await res.text())) {
      const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
      expect(policy, `${route}: inline script ${script.slice(0, 40)}… is allowed by its hash`).toContain(hash);
    }
  }
});

test('no page, the contact modal or the /widget floating widget violates the policy; an injected script is blocked', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  const log = await preparePage(page);
  for (const route of ['/', '/qa', ...GUIDE_ROUTES]) {
    await page.goto(route);
    await waitForIsland(page, 'Header');
    await page.waitForLoadState('networkidle');
    expect(await violations(), `${route}: no violation`).toEqual([]);
  }

  await page.goto('/');
  await waitForIsland(page, 'ContactModal');
  await page.locator('#hero').getByRole('button', { name: 'Get in Contact' }).click();
  await expect(page.getByRole('dialog', { name: 'Get in Contact' }), 'the modal opens').toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations(), 'contact modal: no violation').toEqual([]);

  await page.goto('/widget');
  // The site's floating widget (hybrid): a hover loads its files from /widget/ under the policy.
  const launcher = page.locator('#ringwise-site-widget').getByRole('button', { name: 'Chat', exact: true });
  await expect(launcher, 'the floating widget runs').toBeVisible();
  await launcher.hover();
  await page.waitForLoadState('networkidle');
  expect(await violations(), '/widget: no violation').toEqual([]);

  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran, 'an inline script without a known hash does not run').toBe(false);
  await expect
    .poll(violations, 'and is reported as a violation')
    .toEqual([expect.stringMatching(/^script-src(-elem)? inline/)]);
  expect(
    log.errors.filter((e) => !/Content Security Policy/.test(e)),
    'no other console errors',
  ).toEqual([]);
});
