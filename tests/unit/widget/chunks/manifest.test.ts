/**
 * The chunk manifest (widget/src/ports/manifest.ts) is the one table of the widget's modules: the
 * build maps exactly its keys to sources (`CDN_SOURCES`, widget/build.ts), each source exists, and
 * every file is named by the manifest's one rule. The module types (`WidgetModules`) and the
 * bundled loader's table (modules.ts) are held to the same keys by the compiler.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CDN_FILES, CDN_SOURCES, WIDGET_DIR } from '../../../../widget/build.ts';
import { LOADER_FILE, MODULE_FILES, moduleFile } from '../../../../widget/src/ports/manifest.ts';

describe('the chunk manifest', () => {
  it('every module that adds its key to WidgetModules is reachable from the package types (public.ts)', () => {
    // A consumer's compiler sees an augmentation only in a file its program loads: without the
    // export, \`LoadModule\` indexes a key its \`WidgetModules\` lacks (TS2536 with skipLibCheck false).
    const src = join(WIDGET_DIR, 'src');
    const publicTs = readFileSync(join(src, 'public.ts'), 'utf8');
    const augmenting = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && file !== join('ports', 'manifest.ts'))
      .filter((file) => /declare module '[./]+ports\/manifest\.ts'/.test(readFileSync(join(src, file), 'utf8')));
    expect(augmenting.length, 'augmenting modules found').toBeGreaterThan(3);
    const missing = augmenting.filter((file) => !publicTs.includes(`from './${relative(src, join(src, file))}'`));
    expect(missing, 'augmenting modules public.ts does not export from').toEqual([]);
  });

  it('build.ts has a source for every manifest key, and no source without a key', () => {
    const keys = Object.keys(MODULE_FILES).sort();
    const sources = Object.keys(CDN_SOURCES).sort();
    expect(
      keys.filter((key) => !sources.includes(key)),
      'manifest keys without a source in CDN_SOURCES',
    ).toEqual([]);
    expect(
      sources.filter((key) => !keys.includes(key)),
      'sources in CDN_SOURCES without a manifest key',
    ).toEqual([]);
  });

  it('every source is a file of the widget', () => {
    const missing = Object.entries(CDN_SOURCES).filter(([, source]) => !existsSync(join(WIDGET_DIR, source)));
    expect(missing, 'sources that do not exist').toEqual([]);
  });

  it('every file is named by the one rule, next to the loader, and the build writes exactly these', () => {
    for (const [key, file] of Object.entries(MODULE_FILES)) expect(file, `the file of ${key}`).toBe(moduleFile(key));
    expect(CDN_FILES, "the build writes the loader and the manifest's files").toEqual({
      loader: LOADER_FILE,
      ...MODULE_FILES,
    });
    expect(new Set(Object.values(CDN_FILES)).size, 'no two keys share a file').toBe(Object.keys(CDN_FILES).length);
  });
});
