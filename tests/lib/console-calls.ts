/**
 * Reads every use of the global `console` in a set of TypeScript files with the compiler API (a
 * program with its type checker, so identifiers are followed to their declarations across files)
 * and says of each whether its first argument starts with the widget's log prefix
 * (`LOG_PREFIX` of widget/src/core/log.ts). Used by tests/unit/widget/core/log.test.ts.
 *
 * A first argument counts as prefixed when it is `LOG_PREFIX` itself, a template literal that
 * opens with `${LOG_PREFIX} `, a `+` chain whose left end is prefixed, or a `const` (in the same
 * file or imported) whose initializer is prefixed. Any other use of `console` (an alias such as
 * `const log = console.error`, `console['error']`, passing `console` along) is reported as
 * `indirect`, since nothing could be said of what it prints.
 */
import { join } from 'node:path';
import ts from 'typescript';

/** One use of the global `console`. */
export interface ConsoleCall {
  /** Absolute path of the file. */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** `error`, `warn`, `log`…, or null for an indirect use. */
  readonly method: string | null;
  /** The first argument as written (empty when there is none). */
  readonly first: string;
  /** The string value of the first argument when it is a plain string literal, else null. */
  readonly literal: string | null;
  readonly verdict: 'prefixed' | 'unprefixed' | 'indirect';
}

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  jsx: ts.JsxEmit.ReactJSX,
  allowImportingTsExtensions: true,
  noEmit: true,
  types: [],
  skipLibCheck: true,
};

/**
 * Every use of the global `console` in `files` (absolute paths). `logModule` is the absolute path
 * of the module that declares `LOG_PREFIX`; `sources` replaces the text of some files (probes).
 */
export function consoleCalls(
  files: readonly string[],
  logModule: string,
  sources: ReadonlyMap<string, string> = new Map(),
): ConsoleCall[] {
  const host = ts.createCompilerHost(OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    sources.has(name)
      ? ts.createSourceFile(name, sources.get(name)!, language, true)
      : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => sources.has(name) || fileExists.call(host, name);
  host.readFile = (name) => sources.get(name) ?? readFile.call(host, name);
  const program = ts.createProgram([...files, logModule], OPTIONS, host);
  const checker = program.getTypeChecker();

  /** The declaration an identifier stands for, through imports. */
  const declarationOf = (node: ts.Identifier): ts.Declaration | undefined => {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.declarations?.[0];
  };
  const isPrefixConstant = (node: ts.Expression): boolean => {
    if (!ts.isIdentifier(node)) return false;
    const declaration = declarationOf(node);
    return (
      !!declaration &&
      ts.isVariableDeclaration(declaration) &&
      declaration.getSourceFile().fileName === logModule &&
      declaration.name.getText() === 'LOG_PREFIX'
    );
  };
  const prefixed = (node: ts.Expression, seen = new Set<ts.Node>()): boolean => {
    if (seen.has(node)) return false;
    seen.add(node);
    if (ts.isParenthesizedExpression(node)) return prefixed(node.expression, seen);
    if (isPrefixConstant(node)) return true;
    if (ts.isTemplateExpression(node)) {
      const [span] = node.templateSpans;
      return node.head.text === '' && !!span && isPrefixConstant(span.expression) && span.literal.text.startsWith(' ');
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
      return prefixed(node.left, seen);
    if (ts.isIdentifier(node)) {
      const declaration = declarationOf(node);
      const constant =
        declaration &&
        ts.isVariableDeclaration(declaration) &&
        ts.isVariableDeclarationList(declaration.parent) &&
        declaration.parent.flags & ts.NodeFlags.Const;
      return !!constant && !!declaration.initializer && prefixed(declaration.initializer, seen);
    }
    return false;
  };
  /** True when `node` is the global `console` (not a local of that name). */
  const isGlobalConsole = (node: ts.Identifier): boolean => {
    if (node.text !== 'console') return false;
    const declarations = checker.getSymbolAtLocation(node)?.declarations ?? [];
    return declarations.every((declaration) => program.isSourceFileDefaultLibrary(declaration.getSourceFile()));
  };

  const found: ConsoleCall[] = [];
  for (const file of files) {
    const tree = program.getSourceFile(file);
    if (!tree) throw new Error(`${file}: not read`);
    const visit = (node: ts.Node): void => {
      if (
        ts.isIdentifier(node) &&
        isGlobalConsole(node) &&
        !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)
      ) {
        const line = tree.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        const access = node.parent;
        const call = access.parent;
        if (
          ts.isPropertyAccessExpression(access) &&
          access.expression === node &&
          call &&
          ts.isCallExpression(call) &&
          call.expression === access
        ) {
          const [first] = call.arguments;
          const literal = first && ts.isStringLiteralLike(first) ? first.text : null;
          found.push({
            file,
            line,
            method: access.name.text,
            first: first?.getText() ?? '',
            literal,
            verdict: first && prefixed(first) ? 'prefixed' : 'unprefixed',
          });
        } else {
          found.push({ file, line, method: null, first: '', literal: null, verdict: 'indirect' });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  return found;
}

/** The absolute path of widget/src/core/log.ts under the repository root. */
export function logModuleOf(root: string): string {
  return join(root, 'widget/src/core/log.ts');
}

/**
 * The first arguments of the `console.*` calls of a JavaScript file that are plain strings
 * (literals joined by `+` folded), e.g. the lines a reference SDK writes.
 */
export function consoleLiterals(fileName: string, source: string): string[] {
  const tree = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const fold = (node: ts.Expression): string | null => {
    if (ts.isStringLiteralLike(node)) return node.text;
    if (ts.isParenthesizedExpression(node)) return fold(node.expression);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = fold(node.left);
      const right = fold(node.right);
      return left === null || right === null ? null : left + right;
    }
    return null;
  };
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'console'
    ) {
      const [first] = node.arguments;
      const text = first ? fold(first) : null;
      if (text !== null) found.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}
