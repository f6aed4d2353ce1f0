/**
 * Every route of the static site renders its content with complete SEO metadata, the landing
 * page has its sections in spec order, and axe (WCAG 2.1 A/AA) finds nothing on / and the guides.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { siteConfig } from '../../content/site.ts';
import {
  guarantee,
  headerLinks,
  landingSections,
  pricing,
  problem,
  results,
  testimonials,
} from '../../content/landing.ts';
import { E2E_ENV } from '../../fixtures/e2e-env.ts';
import { GUIDE_ROUTES, PHONE, PHONE_WIDTHS, scrollToY, waitForIsland } from './site-helpers.ts';

const ORIGIN = E2E_ENV.PUBLIC_SITE_URL;

/** Reads the page's head metadata. */
async function headOf(page: Page) {
  return page.evaluate(() => {
    const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;
    return {
      title: document.title,
      description: meta('meta[name="description"]'),
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      ogTitle: meta('meta[property="og:title"]'),
      ogDescription: meta('meta[property="og:description"]'),
      ogUrl: meta('meta[property="og:url"]'),
      ogImage: meta('meta[property="og:image"]'),
      ogType: meta('meta[property="og:type"]'),
      twitterCard: meta('meta[name="twitter:card"]'),
      twitterTitle: meta('meta[name="twitter:title"]'),
      twitterImage: meta('meta[name="twitter:image"]'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? 'null'),
      ),
    };
  });
}

/** All @type values in a JSON-LD document (top level and @graph). */
function typesOf(jsonLd: unknown[]): string[] {
  return jsonLd.flatMap((doc) => {
    const d = doc as { '@type'?: string; '@graph'?: Array<{ '@type': string }> };
    return d['@graph'] ? d['@graph'].map((n) => n['@type']) : d['@type'] ? [d['@type']] : [];
  });
}

async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `${label}: axe WCAG 2.1 A/AA violations`).toEqual([]);
}

test.describe('landing page /', () => {
  test('renders every section in spec order with its content', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status(), 'GET / status').toBe(200);
    const ids = await page.locator('main > section[id]').evaluateAll((els) => els.map((el) => el.id));
    expect(ids, 'landing sections and order').toEqual(landingSections.map((s) => s.id));

    const hero = page.locator('#hero');
    await expect(hero.getByRole('heading', { level: 1 }), 'hero headline').toBeVisible();
    await expect(hero, 'hero tagline exactly as the spec writes it').toContainText(
      'Phone Calls • SMS • Website Chat • 24/7',
    );
    await expect(hero.getByRole('button', { name: 'Get in Contact' }), 'hero contact button').toBeVisible();

    const roi = page.locator('#roi-calculator');
    for (const href of ['#features', '#testimonials', '#guarantee']) {
      await expect(roi.locator(`a[href="${href}"]`), `ROI section links to ${href}`).toHaveCount(1);
    }

    const features = page.locator('#features');
    await expect(
      features.getByRole('heading', { level: 3 }),
      'four capability cards + the key benefits heading',
    ).toHaveCount(5);
    await expect(features.getByRole('heading', { level: 4 }), 'four key benefits').toHaveCount(4);

    const problemSection = page.locator('#problem');
    for (const stat of [...problem.stats, ...problem.tiles]) {
      await expect(problemSection, `problem figure ${stat.value}`).toContainText(stat.value);
    }
    for (const value of ['67%', '90%', '2-3%', '$75 billion', '247 calls', '18hrs', '73%', '$89,340']) {
      await expect(problemSection, `spec figure ${value}`).toContainText(value);
    }

    const quotes = page.locator('#testimonials figure');
    await expect(quotes, 'three testimonials').toHaveCount(3);
    await expect(
      page.locator('#testimonials').getByRole('img', { name: 'Rated 5 out of 5' }),
      'each rated 5 stars',
    ).toHaveCount(3);
    for (const item of testimonials.items) {
      await expect(page.locator('#testimonials'), `testimonial of ${item.name}`).toContainText(item.business);
    }
    const images = await page
      .locator('#testimonials img')
      .evaluateAll((imgs) => imgs.map((img) => ({ w: img.getAttribute('width'), h: img.getAttribute('height') })));
    expect(images, 'testimonial images have width and height (no layout shift)').toEqual(
      Array(3).fill({ w: '56', h: '56' }),
    );

    await expect(page.locator('#how-it-works li'), 'five how-it-works cards').toHaveCount(5);
    await expect(page.locator('#guarantee'), 'guarantee badge').toContainText(guarantee.badge);
    await expect(page.locator('#guarantee'), 'no-contract promise').toContainText('Month-to-month, no contract');
    for (const result of Object.values(results)) {
      await expect(page.locator('#hero'), `result ${result.value} in the hero`).toContainText(result.value);
    }

    const contact = page.locator('#contact');
    await expect(contact.getByRole('button', { name: 'Get in Contact' }), 'contact section button').toBeVisible();
    await expect(contact.getByRole('link', { name: siteConfig.contactEmail }), 'mailto link').toHaveAttribute(
      'href',
      `mailto:${siteConfig.contactEmail}`,
    );
    for (const [network, href] of [
      ['Facebook', siteConfig.social.facebook],
      ['LinkedIn', siteConfig.social.linkedin],
    ] as const) {
      const link = contact.getByRole('link', { name: new RegExp(network) });
      await expect(link, `${network} link`).toHaveAttribute('href', href);
      await expect(link, `${network} opens a new tab`).toHaveAttribute('target', '_blank');
      await expect(link, `${network} rel`).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('links to every in-page anchor the spec names, and each target exists', async ({ page }) => {
    await page.goto('/');
    for (const id of ['features', 'testimonials', 'guarantee', 'roi-calculator', 'contact']) {
      expect(await page.locator(`a[href="#${id}"]`).count(), `a link to #${id}`).toBeGreaterThan(0);
      await expect(page.locator(`#${id}`), `#${id} exists`).toHaveCount(1);
    }
    expect(
      headerLinks.map((l) => l.label),
      'header link labels',
    ).toEqual(['Features', 'ROI Calculator', 'Success Stories', 'Guarantee']);
  });

  test('has title, description, canonical, Open Graph, Twitter and Organization JSON-LD', async ({ page }) => {
    await page.goto('/');
    const head = await headOf(page);
    expect(head.title, 'title names the brand').toContain(siteConfig.brand);
    expect(head.description?.length ?? 0, 'meta description 50-160 chars').toBeGreaterThanOrEqual(50);
    expect(head.description?.length ?? 0, 'meta description 50-160 chars').toBeLessThanOrEqual(160);
    expect(head.canonical, 'canonical').toBe(`${ORIGIN}/`);
    expect(head.ogUrl, 'og:url').toBe(`${ORIGIN}/`);
    expect(head.ogTitle, 'og:title').toBe(head.title);
    expect(head.ogDescription, 'og:description').toBe(head.description);
    expect(head.ogImage, 'og:image is absolute').toBe(`${ORIGIN}/og-image.png`);
    expect(head.twitterCard, 'twitter:card').toBe('summary_large_image');
    expect(head.twitterTitle, 'twitter:title').toBe(head.title);
    expect(typesOf(head.jsonLd), 'JSON-LD types').toContain('Organization');
    const graph = (head.jsonLd[0] as { '@graph': Array<Record<string, unknown>> })['@graph'];
    const org = graph.find((n) => n['@type'] === 'Organization');
    expect(org?.name, 'Organization name').toBe(siteConfig.brand);
    expect(org?.sameAs, 'Organization social profiles').toEqual([
      siteConfig.social.facebook,
      siteConfig.social.linkedin,
    ]);
    const image = await page.request.get('/og-image.png');
    expect(image.status(), 'og:image is served').toBe(200);
  });

  test('axe finds no WCAG 2.1 A/AA violations, at the top and with the solid header', async ({ page }) => {
    await page.goto('/');
    await waitForIsland(page, 'Header');
    await expectNoAxeViolations(page, '/ at the top');
    await scrollToY(page, 1200);
    await expectNoAxeViolations(page, '/ scrolled (solid header, navigator shown)');
  });
});

test.describe('guide pages', () => {
  for (const route of GUIDE_ROUTES) {
    test(`${route} renders its guide with metadata, CTAs and no axe violations`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status(), `GET ${route}`).toBe(200);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 }), `${route}: title`).toBeVisible();
      const quick = main.getByRole('complementary', { name: 'Quick answer' });
      await expect(quick, `${route}: quick answer box`).toBeVisible();
      expect(
        (await main.locator('.prose').innerText()).split(/\s+/).length,
        `${route}: several hundred words`,
      ).toBeGreaterThan(400);
      expect(await main.locator('.prose ul li').count(), `${route}: benefit lists`).toBeGreaterThan(3);
      expect(await main.locator('a[href="/"]').count(), `${route}: a CTA back to /`).toBeGreaterThan(0);
      expect(await main.locator('a[href="/#contact"]').count(), `${route}: a CTA to /#contact`).toBeGreaterThan(0);

      const head = await headOf(page);
      const h1 = await main.getByRole('heading', { level: 1 }).innerText();
      expect(head.title, `${route}: title`).toBe(`${h1} | ${siteConfig.brand}`);
      expect(head.canonical, `${route}: canonical`).toBe(`${ORIGIN}${route}`);
      expect(head.ogType, `${route}: og:type`).toBe('article');
      expect(head.description, `${route}: description`).toBeTruthy();
      expect(head.twitterImage, `${route}: twitter:image`).toBe(`${ORIGIN}/og-image.png`);
      expect(typesOf(head.jsonLd), `${route}: JSON-LD`).toEqual(expect.arrayContaining(['Article', 'FAQPage']));
      const graph = (head.jsonLd[0] as { '@graph': Array<Record<string, any>> })['@graph'];
      const faq = graph.find((n) => n['@type'] === 'FAQPage');
      const quickText = await quick.locator('p').last().innerText();
      expect(faq?.mainEntity?.[0]?.acceptedAnswer?.text, `${route}: FAQ answer is the quick answer`).toBe(quickText);

      // Besides the island loader, only the floating widget's loader (DESIGN.md: a guide page ships
      // the header island and the widget loader); with preload="intent" it adds nothing before a hover.
      const scripts = await page
        .locator('script[src]:not([src$="/widget/voice-widget.js"]), script[type="module"]')
        .count();
      const islands = await page
        .locator('astro-island')
        .evaluateAll((els) => els.map((el) => el.getAttribute('component-url')));
      expect(islands.length, `${route}: exactly one island`).toBe(1);
      expect(islands[0], `${route}: the island is the header`).toMatch(/Header/);
      expect(scripts, `${route}: no page scripts besides the island loader and the widget loader`).toBe(0);

      await waitForIsland(page, 'Header');
      await expectNoAxeViolations(page, route);
    });
  }

  test('the pricing guide compares $297/month with a human service and full-time staff', async ({ page }) => {
    await page.goto('/qa/phone-answering-service');
    const table = page.getByRole('table');
    for (const row of pricing.rows) {
      await expect(table.getByRole('row', { name: new RegExp(row.option) }), `${row.option} row`).toContainText(
        row.price,
      );
    }
    for (const price of ['$297/month', '$800-2000/month', '$3000-5000/month']) {
      await expect(table, `spec price ${price}`).toContainText(price);
    }
  });

  test('the footer lists the newest guides (all five here: at most six) and the index of them all', async ({
    page,
  }) => {
    await page.goto('/');
    const guides = page.getByRole('contentinfo').getByRole('navigation', { name: 'Guides' }).getByRole('link');
    expect(
      (await guides.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).sort(),
      'footer guide links',
    ).toEqual([...GUIDE_ROUTES, '/qa'].sort());
  });
});

test.describe('phone layout', () => {
  for (const route of ['/', ...GUIDE_ROUTES, '/widget', '/no-such-page']) {
    test(`${route} fits phone screens ${PHONE_WIDTHS.join(', ')} px wide without sideways scrolling`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: PHONE_WIDTHS[0], height: PHONE.height });
      await page.goto(route);
      for (const width of PHONE_WIDTHS) {
        await page.setViewportSize({ width, height: PHONE.height });
        const layout = await page.evaluate(() => {
          const viewport = document.documentElement.clientWidth;
          // The widest elements past the right edge, to say what overflows when something does.
          const scrolledAway = (el: Element) => {
            for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
              if (getComputedStyle(parent).overflowX !== 'visible') return true; // inside its own scroller
            }
            return false;
          };
          const culprits = [...document.body.querySelectorAll('*')]
            .map((el) => ({ el, right: el.getBoundingClientRect().right }))
            .filter(({ el, right }) => right > viewport + 0.5 && !scrolledAway(el))
            .sort((a, b) => b.right - a.right)
            .slice(0, 3)
            .map(
              ({ el, right }) =>
                `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} (right edge ${Math.round(right)} px)`,
            );
          return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, culprits };
        });
        expect(
          layout.scrollWidth,
          `${route} at ${width} px: document width (${layout.culprits.join(', ') || 'nothing past the edge'})`,
        ).toBeLessThanOrEqual(layout.innerWidth);
      }
    });
  }
});

test.describe('404, robots.txt, sitemap, favicon', () => {
  test('an unknown path gets the 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status(), 'status').toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), '404 heading').toContainText('couldn’t find');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Back to the home page' }),
      'link home',
    ).toHaveAttribute('href', '/');
    expect(await page.locator('meta[name="robots"]').getAttribute('content'), '404 is noindex').toBe('noindex');
    await waitForIsland(page, 'Header');
    await expectNoAxeViolations(page, '404');
  });

  test('robots.txt allows crawling and points at the sitemap, which lists / and every guide', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status(), 'robots.txt status').toBe(200);
    const text = await robots.text();
    expect(text, 'robots.txt allows all').toContain('User-agent: *');
    expect(text, 'robots.txt sitemap line').toContain(`Sitemap: ${ORIGIN}/sitemap-index.xml`);
    const index = await (await request.get('/sitemap-index.xml')).text();
    const chunk = /<loc>([^<]+)<\/loc>/.exec(index)?.[1];
    expect(chunk, 'sitemap index names a sitemap').toBeTruthy();
    const sitemap = await (await request.get(new URL(chunk!).pathname)).text();
    for (const route of ['/', ...GUIDE_ROUTES]) {
      expect(sitemap, `sitemap lists ${route}`).toContain(`<loc>${ORIGIN}${route}</loc>`);
    }
    expect(sitemap, 'the 404 page is not in the sitemap').not.toContain('404');
  });

  test('favicon and touch icon are served', async ({ page, request }) => {
    await page.goto('/');
    for (const href of await page
      .locator('link[rel="icon"], link[rel="apple-touch-icon"]')
      .evaluateAll((l) => l.map((x) => x.getAttribute('href')))) {
      expect((await request.get(href!)).status(), `${href} served`).toBe(200);
    }
  });
});
