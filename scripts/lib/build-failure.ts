/**
 * One sentence for a failed build step, from its output: the first source location the tools
 * print (esbuild's `file:line:column:`, Astro's and Vite's `file:line:column` or `file (line:column)`)
 * and the error's own message, so the loud line says where to look without the whole log.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** A source file's path followed by :line:column or (line:column). */
const LOCATION = new RegExp(
  String.raw`((?:\/|\.{1,2}\/)?(?:[\w@.-]+\/)*[\w@.-]+\.(?:astro|tsx?|mts|mjs|jsx?|mdx?|css|json|ya?ml))` +
    String.raw`(?::(\d+):(\d+)|\s\((\d+):(\d+)\))`,
);

/** Lines that carry the error's message, best first. */
const MESSAGE = [
  /^\s*\[(?:\w*Error|YAMLException)\]\s+(.+)/,
  /\[ERROR\]\s*(?:\[[\w:-]+\]\s*)*(.+)/,
  /^\s*error\s+(.+)/i,
  /^\s*(?:\w*Error|YAMLException): (.+)/,
];

/** Noise that is never the message: the failure banner and stack frames. */
const NOISE = /Build failed in|^\s*at\s|^\s*Stack trace|^\s*File:|^\s*Location:|^\s*$/;

/** Where the first error points, relative to `root` (a relative path in the output is below `base`), or null. */
export function failureLocation(
  output: string,
  root: string,
  base = root,
): { file: string; line: number; column: number } | null {
  for (const line of stripVTControlCharacters(output).split('\n')) {
    if (/^\s*at\s/.test(line) || line.includes('node_modules/')) continue;
    const match = LOCATION.exec(line);
    if (!match) continue;
    const [, path = '', l1, c1, l2, c2] = match;
    const file = relative(root, isAbsolute(path) ? path : resolve(base, path));
    if (file.startsWith('..')) continue;
    return { file, line: Number(l1 ?? l2), column: Number(c1 ?? c2) };
  }
  return null;
}

/** The first error message of `output`, without the tools' prefixes and without a location in it. */
export function failureMessage(output: string): string | null {
  const lines = stripVTControlCharacters(output).split('\n');
  for (const pattern of MESSAGE) {
    for (const line of lines) {
      if (NOISE.test(line)) continue;
      const text = pattern
        .exec(line)?.[1]
        ?.replace(LOCATION, '')
        .replace(/^[\s:✘✗×-]+|[\s:]+$/g, '');
      if (text) return text;
    }
  }
  return null;
}

/** One sentence: `file:line:column: message (…)`, or the step and its exit when the output has neither. */
export function describeBuildFailure(step: string, output: string, exit: string, root: string, base = root): string {
  const where = failureLocation(output, root, base);
  const message = failureMessage(output) ?? `${step} exited ${exit}`;
  const sentence = message.replace(/[.\s]+$/, '');
  if (where) {
    const at = `${where.file}:${where.line}:${where.column}`;
    return `${at}: ${sentence}; fix it there, then restart (\`${step}\` shows the whole output).`;
  }
  return `${step} failed: ${sentence}; run \`${step}\` to see the whole output, fix what it says, then restart.`;
}
