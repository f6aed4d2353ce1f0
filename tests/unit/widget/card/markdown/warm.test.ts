// @vitest-environment happy-dom
/**
 * The Markdown file warms its parser and renderer as it loads (issue 34): the first piece of the
 * first reply used to pay for compiling them in its own task (440 ms of a 1 KB piece at 4× CPU).
 * Counted, not timed: V8's precise coverage says which of the file's functions ran by the time the
 * import resolved, before the card drew anything.
 */
import { expect, test } from 'vitest';
import { usePreciseCoverage } from './coverage.ts';

const session = usePreciseCoverage();

test('loading the file runs every part of the parser and the renderer once, before any reply', async () => {
  await import('../../../../../widget/src/card/markdown-file.ts');
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const calls = new Map<string, number>();
  for (const script of result) {
    if (!script.url.includes('/widget/src/card/markdown/')) continue;
    for (const fn of script.functions) if (fn.functionName) calls.set(fn.functionName, fn.ranges[0]!.count);
  }
  // The block parser, the inline parser, each construct's builder, and the DOM: built, then patched.
  for (const name of ['parseBlocks', 'parseInline', 'tableRow', 'buildList', 'isRule', 'build', 'patch']) {
    expect(calls.get(name), `${name} ran as the file loaded`).toBeGreaterThan(0);
  }
});
