/**
 * The one import-graph reader the layering guards use. Imports are read with the TypeScript
 * compiler API (the syntax tree of each file), not with regular expressions, so type-only imports,
 * re-exports, side-effect imports, dynamic `import()` calls and multi-line statements are all seen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** How a module is reached: a value import, a type-only import, or a dynamic `import()`. */
export type ImportKind = 'static' | 'type' | 'dynamic';

/** One import edge: the file it is written in, the specifier as written, and how it is reached. */
export interface ImportEdge {
  /** Repository-relative path of the importing file (forward slashes). */
  readonly from: string;
  /** The module specifier as written (`'../core/types.ts'`, `'react'`). */
  readonly specifier: string;
  /** Repository-relative path the specifier resolves to, or `null` for a package. */
  readonly to: string | null;
  readonly kind: ImportKind;
}

const SOURCE_EXTENSIONS = /\.(?:ts|tsx|mts|cts)$/;

/** Every TypeScript source file under `dir` (recursively, `node_modules` and `dist` skipped). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return SOURCE_EXTENSIONS.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The specifiers `source` imports, each with its kind, read from the syntax tree. */
export function importsIn(fileName: string, source: string): { specifier: string; kind: ImportKind }[] {
  const tree = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: { specifier: string; kind: ImportKind }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.importClause?.isTypeOnly === true;
      found.push({ specifier: node.moduleSpecifier.text, kind: typeOnly ? 'type' : 'static' });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, kind: node.isTypeOnly ? 'type' : 'static' });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, kind: 'dynamic' });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, kind: 'type' });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** Repository-relative form of an absolute path, with forward slashes on every platform. */
export function repoPath(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

/** Every import edge of the given files (absolute paths), resolved relative to `root`. */
export function importEdges(
  root: string,
  files: readonly string[],
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): ImportEdge[] {
  return files.flatMap((file) =>
    importsIn(file, read(file)).map(({ specifier, kind }) => {
      const relativeSpecifier = specifier.startsWith('.');
      // A `?raw` (or any) query names the same file for the purposes of layering.
      const to = relativeSpecifier ? repoPath(root, resolve(dirname(file), specifier.replace(/\?.*$/, ''))) : null;
      return { from: repoPath(root, file), specifier, to, kind };
    }),
  );
}

/** The package name of a bare specifier (`@scope/name/sub` → `@scope/name`, `node:fs` → `node:fs`). */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}
