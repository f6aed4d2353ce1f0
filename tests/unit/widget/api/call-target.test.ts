/**
 * The shared `POST /call/web` shapes (`CallTarget`, `JsonObject`, `WebCall`) are declared once, in
 * `widget/src/api/call-target.ts`; the core re-exports them. (That the API layer imports nothing
 * outside itself is checked by the import-graph guard, tests/unit/gates/layering.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../../lib/import-graph.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const WIDGET_SRC = join(ROOT, 'widget/src');

describe('the shared call-target types', () => {
  const declaration = /^export\s+(?:interface|type)\s+(CallTarget|JsonObject|WebCall)\b/gm;

  it('are declared once, in widget/src/api/call-target.ts', () => {
    const declared = sourceFiles(WIDGET_SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(declaration)].map((match) => `${match[1]} in ${relative(ROOT, file)}`),
    );
    expect(declared.sort(), 'declarations of the shared types').toEqual([
      'CallTarget in widget/src/api/call-target.ts',
      'JsonObject in widget/src/api/call-target.ts',
      'WebCall in widget/src/api/call-target.ts',
    ]);
  });
});
