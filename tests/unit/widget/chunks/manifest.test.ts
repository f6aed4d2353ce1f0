/**
 * The chunk manifest (widget/src/ports/manifest.ts) is the one table of the widget's modules: the
 * build maps exactly its keys to sources (`CDN_SOURCES`, widget/build.ts), each source exists, and
 * every file is named by the manifest's one rule. The module types (`WidgetModules`) and the
 * bundled loader's table (modules.ts) are held to the same keys by the compiler.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CDN_FILES, CDN_SOURCES, WIDGET_DIR } from '../../../../widget/build.ts';
import { LOADER_FILE, MODULE_FILES, moduleFile } from '../../../../widget/src/ports/manifest.ts';

describe('the chunk manifest', () => {
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
