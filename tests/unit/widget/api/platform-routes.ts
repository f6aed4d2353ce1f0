/**
 * Reads the route list of the platform's own generated client: the installed `@vapi-ai/web`
 * devDependency, whose `dist/api.js` / `dist/api.d.ts` are generated from the platform's OpenAPI
 * document. Both files are parsed with TypeScript's parser (not matched with regular expressions):
 *
 * - `api.js` gives what is sent: method, path template, JSON or multipart body, query, `secure`;
 * - its JSDoc gives `@request METHOD:/path`, `@deprecated` and the `@description` that names a
 *   replacement ("Use POST /file instead.");
 * - `api.d.ts` gives which query parameters are required, and is cross-checked against `api.js`
 *   (same routes, same deprecations), so a change in the generator's output fails loudly here
 *   instead of silently yielding an empty list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** One route of the platform's generated client. */
export interface PlatformRoute {
  /** The generated client's group (`assistant`, `v2`, `provider`, …). */
  group: string;
  /** The generated method name, e.g. `assistantControllerFindAll`. */
  operation: string;
  method: string;
  /** Path template with the platform's parameter names, e.g. `/test-suite/{testSuiteId}/test/{id}`. */
  path: string;
  /** The body is sent as `multipart/form-data`. */
  multipart: boolean;
  /** Takes a body (on any method, e.g. the bulk `DELETE /call/{id}`). */
  body: boolean;
  /** Takes a query. */
  query: boolean;
  /** Query parameters the platform requires (empty when the query is optional or absent). */
  requiredQuery: string[];
  /** Sent with the bearer token (`secure: true`). */
  secure: boolean;
  /** Marked `@deprecated`. */
  deprecated: boolean;
  /** The `@description` text ('' when none); for deprecated routes it often names the replacement. */
  description: string;
}

/** The installed generated client: its version and routes. */
export interface PlatformClient {
  version: string;
  routes: PlatformRoute[];
}

/** Text of one JSDoc tag of `node`, `undefined` when the tag is absent, '' when it has no text. */
function tag(node: ts.Node, name: string): string | undefined {
  const found = ts.getJSDocTags(node).find((t) => t.tagName.text === name);
  return found ? (ts.getTextOfJSDocComment(found.comment) ?? '').trim() : undefined;
}

/** The object literal `{ … }` of each property of `class Api`, by group name. */
function groups<T extends ts.Node>(
  source: ts.SourceFile,
  file: string,
  objectOf: (member: ts.ClassElement) => readonly T[] | undefined,
): { group: string; members: readonly T[] }[] {
  const api = source.statements.find(
    (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === 'Api',
  );
  if (!api)
    throw new Error(`${file}: no \`class Api\`; the generated client's layout changed, update platform-routes.ts`);
  return api.members.flatMap((member) => {
    const members = objectOf(member);
    return members && member.name && ts.isIdentifier(member.name) ? [{ group: member.name.text, members }] : [];
  });
}

/** `path: \`/assistant/${id}\`` → `/assistant/{id}`. */
function templateText(node: ts.Expression, where: string): string {
  if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return (
      node.head.text +
      node.templateSpans
        .map((span) => {
          if (!ts.isIdentifier(span.expression)) throw new Error(`${where}: path parameter is not a plain identifier`);
          return `{${span.expression.text}}${span.literal.text}`;
        })
        .join('')
    );
  }
  throw new Error(`${where}: path is not a template literal`);
}

/** A route as `api.js` sends it, with its `@request` tag (checked against the code). */
type JsRoute = PlatformRoute & { request: string | undefined };

/** Routes as `api.js` sends them. */
function readApiJs(file: string): JsRoute[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  return groups(source, file, (member) =>
    ts.isPropertyDeclaration(member) && member.initializer && ts.isObjectLiteralExpression(member.initializer)
      ? member.initializer.properties
      : undefined,
  ).flatMap(({ group, members }) =>
    members.flatMap((property): JsRoute[] => {
      if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) return [];
      const fn = property.initializer;
      // `(…) => this.request({ … })`: anything else in a group is not a route.
      if (!ts.isArrowFunction(fn) || !ts.isCallExpression(fn.body)) return [];
      const [options] = fn.body.arguments;
      if (!options || !ts.isObjectLiteralExpression(options)) return [];
      const where = `${file}: ${group}.${property.name.text}`;
      const fields = new Map<string, ts.Expression>();
      for (const field of options.properties) {
        if (ts.isPropertyAssignment(field) && ts.isIdentifier(field.name))
          fields.set(field.name.text, field.initializer);
      }
      const method = fields.get('method');
      const path = fields.get('path');
      if (!method || !ts.isStringLiteral(method) || !path) throw new Error(`${where}: no method or path`);
      const type = fields.get('type');
      const secure = fields.get('secure');
      return [
        {
          group,
          operation: property.name.text,
          method: method.text,
          path: templateText(path, where),
          multipart: !!type && ts.isPropertyAccessExpression(type) && type.name.text === 'FormData',
          body: fields.has('body'),
          query: fields.has('query'),
          requiredQuery: [],
          secure: !!secure && secure.kind === ts.SyntaxKind.TrueKeyword,
          deprecated: tag(property, 'deprecated') !== undefined,
          description: tag(property, 'description') ?? '',
          request: tag(property, 'request'),
        },
      ];
    }),
  );
}

/** What `api.d.ts` declares per route: `@request`, `@deprecated`, and the required query keys. */
interface DeclaredRoute {
  operation: string;
  request: string;
  deprecated: boolean;
  requiredQuery: string[];
}

function readApiDts(file: string): DeclaredRoute[] {
  const text = readFileSync(file, 'utf8');
  // The class is the file's last declaration; parsing only it keeps this fast (the file is ~2 MB
  // of DTO interfaces we do not need).
  const start = text.indexOf('export declare class Api<');
  if (start < 0) throw new Error(`${file}: no \`export declare class Api\`; update platform-routes.ts`);
  const source = ts.createSourceFile(file, text.slice(start), ts.ScriptTarget.Latest, true);
  return groups(source, file, (member) =>
    ts.isPropertyDeclaration(member) && member.type && ts.isTypeLiteralNode(member.type)
      ? member.type.members
      : undefined,
  ).flatMap(({ members }) =>
    members.flatMap((signature): DeclaredRoute[] => {
      if (!ts.isPropertySignature(signature) || !ts.isIdentifier(signature.name)) return [];
      const request = tag(signature, 'request');
      if (request === undefined || !signature.type || !ts.isFunctionTypeNode(signature.type)) return [];
      const query = signature.type.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === 'query');
      const requiredQuery =
        query && !query.questionToken && query.type && ts.isTypeLiteralNode(query.type)
          ? query.type.members.flatMap((m) =>
              ts.isPropertySignature(m) &&
              !m.questionToken &&
              m.name &&
              (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name))
                ? [m.name.text]
                : [],
            )
          : [];
      return [
        {
          operation: signature.name.text,
          request,
          deprecated: tag(signature, 'deprecated') !== undefined,
          requiredQuery,
        },
      ];
    }),
  );
}

/**
 * Reads the generated client installed at `packageDir` (e.g. `node_modules/@vapi-ai/web`).
 * @throws Error when a file is missing, its layout is not the one this reader knows, or `api.js`
 *   and `api.d.ts` disagree: the reader must be updated, never silently return fewer routes.
 */
export function readPlatformClient(packageDir: string): PlatformClient {
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const jsRoutes = readApiJs(join(packageDir, 'dist/api.js'));
  const declared = new Map(readApiDts(join(packageDir, 'dist/api.d.ts')).map((d) => [d.operation, d]));
  const problems: string[] = [];
  const routes = jsRoutes.map(({ request, ...route }): PlatformRoute => {
    const name = `${route.group}.${route.operation}`;
    const d = declared.get(route.operation);
    declared.delete(route.operation);
    if (request !== `${route.method}:${route.path}`)
      problems.push(`${name}: @request ${request} but sends ${route.method} ${route.path}`);
    if (!d) problems.push(`${name}: in api.js, not in api.d.ts`);
    else {
      if (d.request !== request) problems.push(`${name}: api.d.ts says ${d.request}, api.js ${request}`);
      if (d.deprecated !== route.deprecated) problems.push(`${name}: @deprecated differs between api.js and api.d.ts`);
      route.requiredQuery = d.requiredQuery;
    }
    return route;
  });
  for (const operation of declared.keys()) problems.push(`${operation}: in api.d.ts, not in api.js`);
  if (routes.length === 0) problems.push('no route found');
  if (problems.length)
    throw new Error(`@vapi-ai/web ${version}: cannot read its route list:\n  ${problems.join('\n  ')}`);
  return { version, routes };
}
