/**
 * Makes sure a Chromium exists for the browser tests. When none is found and we are root on a
 * machine with apt, installs Debian's chromium; otherwise exits with one sentence saying what to do.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { NO_BROWSER_MESSAGE, findBrowser } from './browser.ts';

const found = findBrowser();
if (found) {
  console.log(`browser: ${found}`);
  process.exit(0);
}
if (process.env.CHROME_PATH) {
  console.error(
    `CHROME_PATH is set to ${process.env.CHROME_PATH}, but no executable is there: point it at a Chromium or unset it.`,
  );
  process.exit(1);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log("No Chromium found: installing Debian's chromium with apt-get (one time)…");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = findBrowser();
  if (installed) {
    console.log(`browser: ${installed}`);
    process.exit(0);
  }
}
console.error(NO_BROWSER_MESSAGE);
process.exit(1);
