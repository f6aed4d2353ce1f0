/**
 * The import-graph guard: every import of `widget/src`, `server/`, `bench/`, `site/` and `fixtures/` checked
 * against one rule table (tests/lib/layering.ts), read with the TypeScript compiler API
 * (tests/lib/import-graph.ts). Known violations are listed below, each with the issue step that
 * removes it; the list must match exactly, so a new violation fails and a fixed one must be deleted.
 */
import { join, resolve } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importEdges, importsIn, sourceFiles } from '../../lib/import-graph.ts';
import { violations, widgetFolder, WIDGET_RULES } from '../../lib/layering.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Violations allowed, `from → to`: none (issue 19 removed the last). A new violation fails; a rule
 * that must bend is listed here with its reason, and the stale-exception check below keeps the
 * list honest.
 */
const EXCEPTIONS: readonly string[] = [];

const SCANNED = ['widget/src', 'server', 'bench', 'site', 'fixtures'];

describe('import-graph guard', () => {
  const files = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)));
  const edges = importEdges(ROOT, files);
  const found = violations(edges);

  it('every folder of widget/src has a row in the rule table', () => {
    const folders = new Set(
      sourceFiles(join(ROOT, 'widget/src'))
        .map((file) => file.slice(join(ROOT, 'widget/src').length + 1).split('/'))
        .map((parts) => (parts.length > 1 ? parts[0]! : '(root)')),
    );
    expect(
      [...folders].filter((folder) => !WIDGET_RULES[folder]),
      'folders without a rule',
    ).toEqual([]);
  });

  it('orders the folders: each row allows only folders of a lower rank', () => {
    const upward = Object.entries(WIDGET_RULES).flatMap(([folder, rule]) =>
      rule.folders
        .filter((allowed) => !(WIDGET_RULES[allowed] && WIDGET_RULES[allowed].rank < rule.rank))
        .map((allowed) => `${folder} → ${allowed}`),
    );
    expect(upward, 'rows that allow an equal or higher rank').toEqual([]);
  });

  it('no two folders import each other', () => {
    const pairs = new Set(
      edges.flatMap((edge) => {
        const from = widgetFolder(edge.from);
        const to = edge.to === null ? null : widgetFolder(edge.to);
        return from && to && from !== to ? [`${from} → ${to}`] : [];
      }),
    );
    const both = [...pairs].filter((pair) => pairs.has(pair.split(' → ').reverse().join(' → ')));
    expect(both, 'folders that import each other').toEqual([]);
  });

  it('breaks no rule except the listed exceptions (a new violation fails; a fixed one must be deleted here)', () => {
    expect(edges.length, 'the scan read the imports').toBeGreaterThan(300);
    const unlisted = found
      .filter((violation) => !EXCEPTIONS.includes(violation.edge))
      .map((v) => `${v.edge} (${v.why})`);
    expect(unlisted, 'imports that break the layering rules').toEqual([]);
    const stale = EXCEPTIONS.filter((exception) => !found.some((violation) => violation.edge === exception));
    expect(stale, 'exceptions that no longer happen: delete them').toEqual([]);
  });
});

describe('the guard sees what it must', () => {
  const probe = (path: string, source: string) =>
    violations(importEdges(ROOT, [join(ROOT, path)], () => source)).map((v) => v.edge);

  it('reads type-only, multi-line, re-export, side-effect and dynamic imports', () => {
    const source =
      "import type {\n  A,\n  B,\n} from './a.ts';\nexport { c } from './c.ts';\nimport './d.css?raw';\nconst e = () => import('./e.ts');\ntype F = import('./f.ts').F;\n";
    expect(importsIn('x.ts', source), 'every form').toEqual([
      { specifier: './a.ts', kind: 'type' },
      { specifier: './c.ts', kind: 'static' },
      { specifier: './d.css?raw', kind: 'static' },
      { specifier: './e.ts', kind: 'dynamic' },
      { specifier: './f.ts', kind: 'type' },
    ]);
  });

  it('catches the api importing the core, even type-only', () => {
    expect(
      probe('widget/src/api/probe.ts', "import type { X } from '../core/types.ts';\nimport { y } from './y.ts';"),
      'api → core',
    ).toEqual(['widget/src/api/probe.ts → widget/src/core/types.ts']);
  });

  it('catches the core importing a package or the Daily adapter (dynamically too)', () => {
    expect(
      probe(
        'widget/src/core/probe.ts',
        "import DailyIframe from '@daily-co/daily-js';\nconst d = () => import('../daily/index.ts');",
      ),
      'core → daily',
    ).toEqual([
      'widget/src/core/probe.ts → @daily-co/daily-js',
      'widget/src/core/probe.ts → widget/src/daily/index.ts',
    ]);
  });

  it('catches react importing the element, the server importing the site, the bench importing tests', () => {
    expect(
      probe('widget/src/react/probe.ts', "import { useState } from 'react';\nimport { x } from '../element/x.ts';"),
      'react → element',
    ).toEqual(['widget/src/react/probe.ts → widget/src/element/x.ts']);
    expect(
      probe('server/probe.ts', "import { x } from '../site/lib/x.ts';\nimport pg from 'pg';"),
      'server → site',
    ).toEqual(['server/probe.ts → site/lib/x.ts']);
    expect(
      probe(
        'bench/probe.ts',
        "import { x } from '../tests/fixtures/x.ts';\nimport { y } from '../widget/src/api/y.ts';",
      ),
      'bench → tests, widget/src',
    ).toEqual(['bench/probe.ts → tests/fixtures/x.ts', 'bench/probe.ts → widget/src/api/y.ts']);
  });

  it('catches an import of an equal or a higher rank, even one the folder list allows', () => {
    expect(
      probe('widget/src/card/probe.ts', "import { x } from '../element/x.ts';"),
      'card → element (equal rank)',
    ).toEqual(['widget/src/card/probe.ts → widget/src/element/x.ts']);
    expect(
      probe('widget/src/conversation/probe.ts', "import type { X } from '../continuity/store.ts';"),
      'conversation → continuity (higher)',
    ).toEqual(['widget/src/conversation/probe.ts → widget/src/continuity/store.ts']);
    expect(
      probe('widget/src/ports/probe.ts', "import type { X } from '../card/x.ts';"),
      'ports → card (higher)',
    ).toEqual(['widget/src/ports/probe.ts → widget/src/card/x.ts']);
    expect(
      probe('widget/src/card/probe.ts', "import { x } from './x.ts';\nimport { y } from '../ports/y.ts';"),
      'within a folder, and down',
    ).toEqual([]);
    // A row whose folder list allows a higher rank: the rank alone refuses it.
    const loose = { ...WIDGET_RULES, conversation: { ...WIDGET_RULES.conversation!, folders: ['core', 'continuity'] } };
    const edges = importEdges(
      ROOT,
      [join(ROOT, 'widget/src/conversation/probe.ts')],
      () => "import { k } from '../continuity/store.ts';",
    );
    expect(
      violations(edges, loose).map((v) => v.edge),
      'listed but higher',
    ).toEqual(['widget/src/conversation/probe.ts → widget/src/continuity/store.ts']);
    // A row whose folder list allows an equal rank: refused by the rank too, or two folders could import each other.
    const even = {
      ...WIDGET_RULES,
      card: { ...WIDGET_RULES.card!, folders: [...WIDGET_RULES.card!.folders, 'element'] },
    };
    const sideways = importEdges(
      ROOT,
      [join(ROOT, 'widget/src/card/probe.ts')],
      () => "import { x } from '../element/x.ts';",
    );
    expect(
      violations(sideways, even).map((v) => v.edge),
      'listed but equal',
    ).toEqual(['widget/src/card/probe.ts → widget/src/element/x.ts']);
  });

  it('a folder of widget/src with no rule is a violation', () => {
    expect(probe('widget/src/newfolder/probe.ts', "import { x } from '../core/x.ts';"), 'unruled folder').toEqual([
      'widget/src/newfolder/probe.ts → widget/src/core/x.ts',
    ]);
  });
});
