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

/** Debian's Firefox ESR (`apt-get install firefox-esr`): driven over WebDriver BiDi, no geckodriver. */
export const DEBIAN_FIREFOX = '/usr/bin/firefox-esr';
/** Debian's WebKitGTK driver (`apt-get install webkit2gtk-driver`): classic WebDriver for WebKit. */
export const DEBIAN_WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
/** Debian's X virtual frame buffer (`apt-get install xvfb`): WebKitGTK draws to an X display, even headless. */
export const DEBIAN_XVFB = '/usr/bin/Xvfb';

/** The Debian packages behind the other engines, by what each provides. */
export const ENGINE_PACKAGES = { firefox: 'firefox-esr', webkit: 'webkit2gtk-driver', xvfb: 'xvfb' } as const;

/** The other engines' executables: each path, or null when it is not installed. */
export interface Engines {
  firefox: string | null;
  webkitDriver: string | null;
  xvfb: string | null;
}

/** Finds Firefox ESR, WebKitWebDriver and Xvfb (FIREFOX_PATH / WEBKIT_DRIVER_PATH override the first two). */
export function findEngines(): Engines {
  const at = (override: string | undefined, path: string) =>
    override ? (existsSync(override) ? override : null) : existsSync(path) ? path : null;
  return {
    firefox: at(process.env.FIREFOX_PATH, DEBIAN_FIREFOX),
    webkitDriver: at(process.env.WEBKIT_DRIVER_PATH, DEBIAN_WEBKIT_DRIVER),
    xvfb: at(undefined, DEBIAN_XVFB),
  };
}

/** The Debian packages still missing for the WebKit and Firefox smoke tests. */
export function missingEnginePackages(engines: Engines = findEngines()): string[] {
  const missing: string[] = [];
  if (!engines.firefox) missing.push(ENGINE_PACKAGES.firefox);
  if (!engines.webkitDriver) missing.push(ENGINE_PACKAGES.webkit);
  if (!engines.xvfb) missing.push(ENGINE_PACKAGES.xvfb);
  return missing;
}

/** What the engine smoke tests say when an engine is missing: one sentence, with what to do. */
export function noEnginesMessage(missing: string[]): string {
  return (
    `WebKit/Firefox smoke tests skipped: ${missing.join(', ')} not installed ` +
    `(Debian: \`sudo apt-get install ${missing.join(' ')}\`, or run \`node scripts/ensure-browser.ts\` as root; ` +
    'set REQUIRE_ENGINES=1 to fail instead of skipping).'
  );
}
