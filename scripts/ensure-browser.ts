/**
 * Makes sure the browsers for the browser tests exist: a Chromium (Playwright's suites), and Firefox
 * ESR, WebKitGTK's WebKitWebDriver and Xvfb (the WebKit/Firefox smoke subset,
 * tests/e2e/engines-smoke.spec.ts). What is missing is installed from Debian's packages with apt-get
 * when we are root on a machine with apt (one `apt-get update` for all). Otherwise a missing Chromium
 * exits 1 with one sentence saying what to do, and missing other engines print one sentence and the
 * smoke subset skips itself, unless REQUIRE_ENGINES=1 makes that a failure too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { NO_BROWSER_MESSAGE, findBrowser, findEngines, missingEnginePackages, noEnginesMessage } from './browser.ts';

if (!findBrowser() && process.env.CHROME_PATH) {
  console.error(
    `CHROME_PATH is set to ${process.env.CHROME_PATH}, but no executable is there: point it at a Chromium or unset it.`,
  );
  process.exit(1);
}
const wanted = [...(findBrowser() ? [] : ['chromium']), ...missingEnginePackages()];
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (wanted.length > 0 && isRoot && existsSync('/usr/bin/apt-get')) {
  console.log(`Installing Debian's ${wanted.join(', ')} with apt-get (one time)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...wanted], { stdio: 'inherit', env });
}
const chromium = findBrowser();
if (!chromium) {
  console.error(NO_BROWSER_MESSAGE);
  process.exit(1);
}
console.log(`browser: ${chromium}`);
const missing = missingEnginePackages();
if (missing.length > 0) {
  // A machine without apt (or not root) can still run every Chromium test; CI is root with apt, so
  // there the install above ran and anything still missing is a failure.
  console.error(noEnginesMessage(missing));
  process.exit(process.env.REQUIRE_ENGINES === '1' ? 1 : 0);
}
const engines = findEngines();
console.log(`engines: ${engines.firefox}, ${engines.webkitDriver} (under ${engines.xvfb})`);
