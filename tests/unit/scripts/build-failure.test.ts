/**
 * A failed build step is one sentence with the first source location its tool printed
 * (scripts/lib/build-failure.ts), read from real outputs captured from a failing build
 * (tests/fixtures/build-output/: Astro's compiler, esbuild's widget build).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeBuildFailure, failureLocation, failureMessage } from '../../../scripts/lib/build-failure.ts';

const ROOT = '/srv/ringwise';
const sample = (name: string) => readFileSync(new URL(`../../fixtures/build-output/${name}`, import.meta.url), 'utf8');

describe('a failed build step in one sentence', () => {
  it("Astro's compiler error: the page, its line and column, and the message", () => {
    const output = sample('astro-compile-error.txt');
    expect(failureLocation(output, ROOT)).toEqual({ file: 'site/pages/404.astro', line: 13, column: 15 });
    expect(describeBuildFailure('astro build', output, '1', ROOT)).toBe(
      'site/pages/404.astro:13:15: Unexpected token; fix it there, then restart (`astro build` shows the whole output).',
    );
  });

  it("esbuild's error in the widget, whose paths are relative to widget/", () => {
    const output = sample('widget-esbuild-error.txt');
    expect(describeBuildFailure('npm run build -w widget', output, '1', ROOT, `${ROOT}/widget`)).toBe(
      'widget/src/embed.ts:112:10: Unexpected ";"; fix it there, then restart (`npm run build -w widget` shows the whole output).',
    );
  });

  it('skips frames in node_modules and files outside the checkout; without a location it names the step', () => {
    const output = 'Error: out of memory\n    at x (/srv/ringwise/node_modules/astro/dist/a.js:1:2)\n/etc/other.ts:3:4';
    expect(failureLocation(output, ROOT)).toBeNull();
    expect(failureMessage(output)).toBe('out of memory');
    expect(describeBuildFailure('astro build', 'Killed', 'SIGKILL', ROOT)).toBe(
      'astro build failed: astro build exited SIGKILL; run `astro build` to see the whole output, fix what it says, then restart.',
    );
  });

  it('reads the "file (line:column)" form and colours', () => {
    const output =
      '\u001b[31m[ERROR]\u001b[39m [vite] Could not resolve "./x"\nsite/lib/a.ts (4:7): Could not resolve "./x"';
    expect(failureLocation(output, ROOT)).toEqual({ file: 'site/lib/a.ts', line: 4, column: 7 });
    expect(failureMessage(output)).toBe('Could not resolve "./x"');
  });
});
