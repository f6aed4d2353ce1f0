/**
 * Finds a Chromium for browser tests: CHROME_PATH if set, else Playwright's own download when
 * present, else Debian's /usr/bin/chromium. Used by playwright.config.ts, the bench and
 * scripts/ensure-browser.ts (which installs Debian's chromium when none is found).
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** What every browser test says when no Chromium is found: one sentence, with what to do. */
export const NO_BROWSER_MESSAGE =
  'No Chromium found for the browser tests: install one (Debian: `sudo apt-get install chromium`, or run `node scripts/ensure-browser.ts` as root) or set CHROME_PATH to a Chromium executable.';

/** Debian's Chromium, installed by `apt-get install chromium`. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Path of a usable Chromium executable, or null when there is none. */
export function findBrowser(): string | null {
  const override = process.env.CHROME_PATH;
  if (override) return existsSync(override) ? override : null;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // playwright-core throws when its browser registry has no entry for this platform.
  }
  return existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : null;
}

/** Flags for Chromium on these machines: no sandbox as root, no background network noise. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
