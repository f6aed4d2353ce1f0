/** The built pages: every `.html` file below a folder (the integrations that rewrite or read them after a build). */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Paths of every `.html` file below `dir`, at any depth. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return htmlFiles(path);
      return Promise.resolve(entry.name.endsWith('.html') ? [path] : []);
    }),
  );
  return nested.flat();
}
