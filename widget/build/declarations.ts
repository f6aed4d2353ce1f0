/**
 * The declarations of the package: `dist/types/` (ESM) from tsc, and their CommonJS copies
 * (`.d.cts` files in `dist/cjs/`). Part of widget/build.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { NOT_LIBRARY, WIDGET_DIR } from './common.ts';
import { writePlatformDtos } from '../vapi-dto.ts';

/** Emits declarations into `dist/types/` with `tsconfig.build.json`; throws with tsc's output on errors. */
export function buildTypes(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(WIDGET_DIR, 'tsconfig.build.json')], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`tsc (declarations) failed:\n${result.stdout}${result.stderr}`);
  writePlatformDtos(join(WIDGET_DIR, 'dist', 'types'));
  // Sources import './x.ts'; published declarations must say './x.js' for consumers without
  // allowImportingTsExtensions.
  const typesDir = join(WIDGET_DIR, 'dist', 'types');
  for (const file of readdirSync(typesDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.d.ts')) continue;
    const path = join(typesDir, file);
    const text = readFileSync(path, 'utf8');
    const rewritten = text.replace(/((?:from|import|module)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1$2.js$3');
    if (rewritten !== text) writeFileSync(path, rewritten);
  }
}

/**
 * Copies the declarations of `dist/types/` to `dist/cjs/` as `.d.cts` (relative specifiers
 * `./x.js` → `./x.cjs`), so TypeScript reads them as CommonJS for `require` consumers
 * (`moduleResolution` node16/nodenext would otherwise refuse ESM declarations in a `require`).
 */
export function buildCjsTypes(
  typesDir = join(WIDGET_DIR, 'dist', 'types'),
  outdir = join(WIDGET_DIR, 'dist', 'cjs'),
): void {
  for (const file of readdirSync(typesDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.d.ts') || NOT_LIBRARY.has(file.replace(/\.d\.ts$/, '.ts'))) continue;
    const text = readFileSync(join(typesDir, file), 'utf8').replace(
      /((?:from|import|module)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)\.js(['"])/g,
      '$1$2.cjs$3',
    );
    const target = join(outdir, file.replace(/\.d\.ts$/, '.d.cts'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
}
