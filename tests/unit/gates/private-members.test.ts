/**
 * The encapsulation gate (issue 33 item 2): no member whose name ends in `_` is shared between
 * two files of `widget/src`. Such names were the old way to mark "internal, shared with a helper"
 * (for a property-mangling build step, since removed); state now lives in `#private` fields or
 * closures, and what another file needs is a plain public method of a member object.
 * The element's launcher and card loader (element/) were the last: they are closures now, given
 * what they read of the element as small typed interfaces (`LauncherSources`, `CardLoaderHost`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SRC = 'widget/src';

/** Every TypeScript file under `dir`, repository-relative. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The `_`-suffixed member names a source text uses: accessed (`.name_`, `?.name_`) or declared
 * in a class or interface body (`name_:`, `name_?:`, `name_ =`, `name_(`), comments left out.
 */
export function underscoreMembers(text: string): Set<string> {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const names = new Set<string>();
  for (const match of code.matchAll(/\.([A-Za-z][A-Za-z0-9]*_)(?![A-Za-z0-9_])/g)) names.add(match[1]!);
  const modifiers = '(?:(?:declare|readonly|protected|public|abstract|static)\\s+)*';
  const declared = new RegExp(`^\\s*${modifiers}([A-Za-z][A-Za-z0-9]*_)\\??\\s*[:=(]`, 'gm');
  for (const match of code.matchAll(declared)) names.add(match[1]!);
  return names;
}

/** Name → files that use it, for the names used by more than one file. */
export function crossingMembers(files: Readonly<Record<string, string>>): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const [path, text] of Object.entries(files)) {
    for (const name of underscoreMembers(text)) users.set(name, [...(users.get(name) ?? []), path]);
  }
  return new Map([...users].filter(([, paths]) => paths.length > 1));
}

describe('no `_` member crosses a file in widget/src', () => {
  it('finds a member shared by two files, and not one used by a single file or named in a comment', () => {
    const found = crossingMembers({
      'a.ts': 'class A {\n  view_ = 1;\n  #own = 2;\n  /** see `b.slot_` */\n}',
      'b.ts': 'const x = a.view_; // a.slot_\nfunction f() { return y.local_; }',
    });
    expect([...found.keys()]).toEqual(['view_']);
  });

  it('none in widget/src (element/ included)', () => {
    const files = Object.fromEntries(sourceFiles(SRC).map((path) => [path, readFileSync(join(ROOT, path), 'utf8')]));
    expect(Object.fromEntries(crossingMembers(files)), 'a `_` member shared by two files').toEqual({});
  });
});
