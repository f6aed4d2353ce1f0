/**
 * README.md's restart figure is the bench's (bench/restart.ts), not typed: the text between its
 * markers must be exactly what bench/lib/restart-figure.ts renders from the samples it states, so
 * an edited median, verdict or count no longer matches. `npm run bench:restart -- --update-readme`
 * writes it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseRestartFigure,
  readmeWithRestart,
  restartBlock,
  restartFigure,
} from '../../../bench/lib/restart-figure.ts';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('the README restart figure', () => {
  it('is a sentence the bench rendered, consistent with its own samples', () => {
    const block = restartBlock(README);
    expect(block, 'README.md has the bench:restart markers and a figure between them').toBeTruthy();
    const figures = parseRestartFigure(block!);
    expect(figures, `the figure is in the bench's form:\n${block}`).not.toBeNull();
    expect(block).toBe(restartFigure(figures!));
  });

  it('renders the median, the verdict against 2 s and the conditions', () => {
    const met = restartFigure({ samples: [1500, 900, 1200], load: 0.4, cores: 2, date: '2026-11-27' });
    expect(met).toBe(
      'Restart → first 200 with a built tree: **median 1.20 s** over 3 restarts (1.50, 0.90, 1.20 s; from `node scripts/start.ts` ' +
        'to the first 200 of `/`, the embedded PostgreSQL started each time), target ≤ 2.00 s: met. Measured 2026-11-27 on 2 cores, load average 0.4.',
    );
    expect(restartFigure({ samples: [2500, 2600], load: 9, cores: 2, date: '2026-11-27' })).toContain(
      '**median 2.50 s** over 2 restarts',
    );
    expect(restartFigure({ samples: [2500, 2600], load: 9, cores: 2, date: '2026-11-27' })).toContain(
      'target ≤ 2.00 s: **missed** by 0.50 s.',
    );
    expect(parseRestartFigure(met)).toEqual({ samples: [1500, 900, 1200], load: 0.4, cores: 2, date: '2026-11-27' });
  });

  it('is written between the markers, and refuses a README without them', () => {
    const readme =
      'a\n<!-- bench:restart (written by `npm run bench:restart -- --update-readme`; checked by tests/unit/gates/restart-figure.test.ts) -->\nold\n<!-- /bench:restart -->\nb';
    expect(restartBlock(readmeWithRestart(readme, 'new'))).toBe('new');
    expect(() => readmeWithRestart('no markers', 'x')).toThrow('README.md has no restart markers');
  });
});
