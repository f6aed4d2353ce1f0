/**
 * The README's "Test your page without the platform" example runs as written: its code block is
 * taken from widget/README.md, written next to this file and imported (its `node:assert` checks
 * throw when the scripted clients stop doing what it says), with `@ringwise/voice-widget/testing`
 * resolved to the sources as an app's bundler resolves the package.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const MARKER = '<!-- testing-example (run by tests/unit/widget/contract/readme-example.test.ts) -->';

/** The first ```ts block after the marker. */
export function exampleCode(readme: string): string {
  const at = readme.indexOf(MARKER);
  if (at === -1) throw new Error(`widget/README.md lacks ${MARKER}`);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block) throw new Error('no ```ts block after the testing-example marker');
  return block[1]!;
}

test('the testing example of widget/README.md runs and its assertions hold', async () => {
  const code = exampleCode(readFileSync(join(import.meta.dirname, '../../../../widget/README.md'), 'utf8'));
  expect(code, 'the example uses the entry').toContain("from '@ringwise/voice-widget/testing'");
  const file = join(import.meta.dirname, `.readme-example-${process.pid}.ts`);
  writeFileSync(file, `${code}\nexport {};\n`);
  try {
    await import(/* @vite-ignore */ file);
  } finally {
    rmSync(file, { force: true });
  }
});
