/**
 * Lighthouse 13 as a Node module, driving one headless Chromium launched with chrome-launcher
 * (the browser from scripts/browser.ts: CHROME_PATH, Playwright's own, or /usr/bin/chromium).
 * One Chrome serves many runs (each run opens its own tab), which saves seconds per run on 2 cores.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/browser.ts';

/** The four Lighthouse categories. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** One Lighthouse category id. */
export type Category = (typeof CATEGORIES)[number];
/** Mobile (Lighthouse's default: Moto G Power, slow 4G, 4× CPU) or desktop. */
export type FormFactor = 'mobile' | 'desktop';

/** The figures of one Lighthouse run. */
export interface LighthouseRun {
  url: string;
  formFactor: FormFactor;
  /** Category scores 0–100 (only the categories run). */
  scores: Partial<Record<Category, number>>;
  /** Metrics in ms (CLS unitless); absent when performance was not run. */
  metrics: { fcp?: number; lcp?: number; tbt?: number; cls?: number };
  /** Audits scoring below 1 in the non-performance categories run: "category: id (title)". */
  failing: string[];
  /** A fatal runtime error Lighthouse reported, if any. */
  runtimeError?: string;
}

/** A running Chrome for Lighthouse. */
export interface LighthouseBrowser {
  port: number;
  /** Runs Lighthouse once. */
  run(url: string, formFactor: FormFactor, categories?: readonly Category[]): Promise<LighthouseRun>;
  close(): Promise<void>;
}

/** Launches headless Chromium for Lighthouse; throws with one sentence when none is installed. */
export async function launchLighthouseBrowser(): Promise<LighthouseBrowser> {
  const chromePath = findBrowser();
  if (!chromePath) throw new Error('No Chromium found for Lighthouse: install one or set CHROME_PATH.');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, '--disable-extensions', '--mute-audio'],
    logLevel: 'silent',
  });
  return {
    port: chrome.port,
    async run(url, formFactor, categories = CATEGORIES) {
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
          disableFullPageScreenshot: true,
          skipAudits: ['bf-cache'],
        },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      const lhr = result.lhr;
      const scores: Partial<Record<Category, number>> = {};
      const failing: string[] = [];
      for (const id of categories) {
        const category = lhr.categories[id];
        if (!category) continue;
        scores[id] = Math.round((category.score ?? 0) * 100);
        if (id === 'performance') continue;
        for (const ref of category.auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            failing.push(`${id}: ${ref.id} (${audit.title})`);
        }
      }
      const num = (id: string): number | undefined => {
        const v = lhr.audits[id]?.numericValue;
        return typeof v === 'number' ? v : undefined;
      };
      const metrics = categories.includes('performance')
        ? {
            fcp: num('first-contentful-paint'),
            lcp: num('largest-contentful-paint'),
            tbt: num('total-blocking-time'),
            cls: num('cumulative-layout-shift'),
          }
        : {};
      return { url, formFactor, scores, metrics, failing, runtimeError: lhr.runtimeError?.message };
    },
    async close() {
      chrome.kill();
    },
  };
}
