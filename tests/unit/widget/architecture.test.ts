/**
 * widget/ARCHITECTURE.md is generated (widget/scripts/architecture.ts): regenerated here from a fresh
 * script-tag build and compared, so a moved file, a new layer or a changed shipped file makes it
 * stale and fails. The click → call path is checked against the build: each stop exists and lands
 * in the file it names, and there are at most 12.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { WIDGET_DIR } from '../../../widget/build.ts';
import {
  ARCHITECTURE_FILE,
  CLICK_TO_CALL,
  renderArchitecture,
  shippedSources,
  withCdnBuild,
} from '../../../widget/scripts/architecture.ts';

let fresh: { text: string; table: ReturnType<typeof shippedSources> };

beforeAll(async () => {
  fresh = await withCdnBuild((meta, outdir) => ({
    text: renderArchitecture(meta, outdir),
    table: shippedSources(meta, outdir),
  }));
}, 120_000);

describe('widget/ARCHITECTURE.md', () => {
  test('is what the generator writes from a fresh build (run `npm run docs:architecture -w widget`)', () => {
    expect(readFileSync(ARCHITECTURE_FILE, 'utf8'), 'stale: run `npm run docs:architecture -w widget`').toBe(
      fresh.text,
    );
  });

  test('the click → call path: at most 12 files, each one in the shipped file it names', () => {
    expect(CLICK_TO_CALL.length, 'files on the path').toBeLessThanOrEqual(12);
    for (const stop of CLICK_TO_CALL) {
      expect(existsSync(join(WIDGET_DIR, stop.source)), `${stop.source} exists`).toBe(true);
      const [folder, ...rest] = stop.source.slice('src/'.length).split('/');
      const sources = fresh.table.get(stop.shipped)?.get(rest.length ? folder! : '(root)') ?? [];
      expect(sources, `${stop.source} is in ${stop.shipped}`).toContain(stop.source.slice('src/'.length));
    }
  });
});
