/**
 * Layering guard of the API layer. The voice core imports the API layer (`createWebCall`), so the
 * API layer must never import the core (a type-level import is a cycle too) nor anything else
 * outside `widget/src/api/`: it stays dependency-free, which is what lets a loader bundle it alone.
 * And the shared `POST /call/web` shapes (`CallTarget`, `JsonObject`, `WebCall`) are declared once,
 * in `widget/src/api/call-target.ts`; the core re-exports them.
 *
 * Imports are read with TypeScript's own pre-processor (type-only, re-exports, dynamic `import()`
 * and multi-line statements included), not with a regular expression.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const WIDGET_SRC = join(ROOT, 'widget/src');
const API_DIR = join(WIDGET_SRC, 'api');

/** Every `.ts` file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The module specifiers a file imports or re-exports, statically or dynamically. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((ref) => ref.fileName);
}

/** True when `specifier`, imported by `file` (in the API folder), reaches outside `widget/src/api/`. */
function leavesApi(file: string, specifier: string): boolean {
  if (!specifier.startsWith('.')) return true; // a package: the layer must stay dependency-free
  return !(resolve(dirname(file), specifier) + sep).startsWith(API_DIR + sep);
}

/** `file → specifier` for every import of the API layer that leaves `widget/src/api/`. */
function importsLeavingApi(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((specifier) => leavesApi(file, specifier))
      .map((specifier) => `${relative(ROOT, file)} → ${specifier}`),
  );
}

describe('API layer imports', () => {
  const files = sourceFiles(API_DIR);

  it('never leave widget/src/api (no core, no package)', () => {
    expect(files.length, 'the scan found the API sources').toBeGreaterThan(10);
    expect(importsLeavingApi(files), 'imports of the API layer that leave it').toEqual([]);
  });

  it('the check sees an import of the core, type-only or multi-line', () => {
    // A probe in the API folder (never written to disk): what web-call.ts imported before the move.
    const probe = join(API_DIR, '__probe__.ts');
    const source = "import type {\n  CallTarget,\n  WebCall,\n} from '../core/types.ts';\nexport { x } from './errors/api-error.ts';\n";
    const specifiers = ts.preProcessFile(source, true, true).importedFiles.map((ref) => ref.fileName);
    const leaving = specifiers.filter((specifier) => leavesApi(probe, specifier));
    expect(specifiers, 'both imports read').toHaveLength(2);
    expect(leaving, 'the core import is caught, the sibling import is not').toEqual(['../core/types.ts']);
  });

  it('the core does import the API layer (so the reverse would be a cycle)', () => {
    const core = sourceFiles(join(WIDGET_SRC, 'core')).flatMap((file) =>
      importsOf(file).filter((specifier) => resolve(dirname(file), specifier).startsWith(API_DIR + sep)),
    );
    expect(core.length, 'core → api imports').toBeGreaterThan(0);
  });
});

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
