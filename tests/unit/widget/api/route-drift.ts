/**
 * Our side of the drift test, and the comparison itself.
 *
 * `readOurRoutes` takes the routes from the client's runtime table (`apiRoutes`, what is sent),
 * their `@deprecated` marks from the JSDoc of `widget/src/api/routes.ts` (what editors show), and
 * the required query keys from `KnownRouteTypes` in `widget/src/api/types.ts` (what the types
 * demand). `compareRoutes` is pure, so its verdicts are unit-tested on small tables too.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import type { PlatformRoute } from './platform-routes.ts';

/** One route of our table. */
export interface OurRoute {
  /** Dotted client method name, e.g. `assistant.version.list`. */
  name: string;
  method: string;
  /** Path template with our parameter names. */
  path: string;
  /** The route string's flag: '', 'multipart', 'public' or 'body'. */
  flag: string;
  /** Text of the JSDoc `@deprecated` tag; `undefined` when the route is not deprecated. */
  deprecated?: string;
  /** Query keys `KnownRouteTypes` requires. */
  requiredQuery: string[];
}

/** The words that mark a route the platform has removed but we keep (see routes.ts). */
export const REMOVED_MARK = /removed from the platform's current API; kept for older deployments/i;

/** Splits `'METHOD /path flag'`. */
function parseRoute(route: string): { method: string; path: string; flag: string } {
  const [method = '', path = '', flag = ''] = route.split(' ');
  return { method, path, flag };
}

/** `@deprecated` text by route string, from the JSDoc of every exported table in `routesFile`. */
function deprecationsIn(routesFile: string): Map<string, string | undefined> {
  const source = ts.createSourceFile(routesFile, readFileSync(routesFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = new Map<string, string | undefined>();
  const visit = (object: ts.ObjectLiteralExpression): void => {
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const value = property.initializer;
      if (ts.isObjectLiteralExpression(value)) visit(value);
      else if (ts.isStringLiteral(value)) {
        const tag = ts.getJSDocDeprecatedTag(property);
        found.set(
          value.text,
          tag ? (ts.getTextOfJSDocComment(tag.comment) ?? '').replace(/\s+/g, ' ').trim() : undefined,
        );
      }
    }
  };
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      let init = declaration.initializer;
      if (init && ts.isAsExpression(init)) init = init.expression; // `{ … } as const`
      if (init && ts.isObjectLiteralExpression(init)) visit(init);
    }
  }
  return found;
}

/** Required query keys by route string, from the `query` members of `KnownRouteTypes`. */
function requiredQueriesIn(typesFile: string): Map<string, string[]> {
  const source = ts.createSourceFile(typesFile, readFileSync(typesFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const known = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'KnownRouteTypes',
  );
  if (!known) throw new Error(`${typesFile}: no KnownRouteTypes interface`);
  const required = new Map<string, string[]>();
  for (const entry of known.members) {
    if (!ts.isPropertySignature(entry) || !entry.name || !ts.isStringLiteral(entry.name)) continue;
    if (!entry.type || !ts.isTypeLiteralNode(entry.type)) continue;
    const query = entry.type.members.find(
      (m): m is ts.PropertySignature => ts.isPropertySignature(m) && ts.isIdentifier(m.name) && m.name.text === 'query',
    );
    if (!query?.type) continue;
    // `{ purpose: string } & Query`: the literal parts name the required keys.
    const parts = ts.isIntersectionTypeNode(query.type) ? query.type.types : [query.type];
    required.set(
      entry.name.text,
      parts.flatMap((part) =>
        ts.isTypeLiteralNode(part)
          ? part.members.flatMap((m) =>
              ts.isPropertySignature(m) && !m.questionToken && ts.isIdentifier(m.name) ? [m.name.text] : [],
            )
          : [],
      ),
    );
  }
  return required;
}

/**
 * Our routes: `table` walked (nested groups become dotted names), each joined with its JSDoc
 * deprecation and its required query.
 * @throws Error when the runtime table and the source file do not hold the same route strings.
 */
export function readOurRoutes(table: object, routesFile: string, typesFile: string): OurRoute[] {
  const deprecations = deprecationsIn(routesFile);
  const required = requiredQueriesIn(typesFile);
  const routes: OurRoute[] = [];
  const walk = (group: object, prefix: string): void => {
    for (const [key, entry] of Object.entries(group) as [string, unknown][]) {
      if (typeof entry !== 'string') {
        if (!entry || typeof entry !== 'object') throw new Error(`${prefix}${key}: neither a route nor a group`);
        walk(entry, `${prefix}${key}.`);
        continue;
      }
      if (!deprecations.has(entry)) throw new Error(`${entry} (${prefix}${key}) is not written in ${routesFile}`);
      const deprecated = deprecations.get(entry);
      routes.push({
        name: `${prefix}${key}`,
        ...parseRoute(entry),
        ...(deprecated === undefined ? {} : { deprecated }),
        requiredQuery: required.get(entry) ?? [],
      });
    }
  };
  walk(table, '');
  const bound = new Set(routes.map((r) => `${r.method} ${r.path}${r.flag ? ` ${r.flag}` : ''}`));
  const unbound = [...deprecations.keys()].filter((route) => !bound.has(route));
  if (unbound.length) throw new Error(`routes written in ${routesFile} but not on the client: ${unbound.join(', ')}`);
  return routes;
}

/** `METHOD /path` with parameter names dropped: what reaches the wire. */
export function wireKey(method: string, path: string): string {
  return `${method} ${path.replace(/\{[^}]*\}/g, '{}')}`;
}

/** The resource family of a path: its first segment, `/v2` skipped, braces dropped. */
export function familyOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'v2') segments.shift();
  return (segments[0] ?? '').replace(/[{}]/g, '');
}

/** A route the platform's description names, e.g. "Use `GET /assistant/:id/versions` instead." */
function routeNamedIn(text: string): string | undefined {
  const match = /\b(GET|POST|PUT|PATCH|DELETE)\s+`?(\/[^\s`]*[^\s`.,;)])/.exec(text);
  return match ? wireKey(match[1]!, match[2]!.replace(/:\w+/g, '{}')) : undefined;
}

/** Edit distance, to name the platform route closest to one of ours that it lacks. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Every difference between our table and the platform's, and what is only worth knowing. */
export interface DriftReport {
  /** Failures: each of these lists must be empty. */
  failures: {
    /** Ours, not removed, with no platform route of that method and path (changed method or path?). */
    notOnPlatform: string[];
    /** Marked removed, but the platform has the route. */
    removedButPresent: string[];
    /** Multipart on one side only. */
    multipart: string[];
    /** Body / query / auth differences (e.g. a DELETE that takes a body we cannot send). */
    shape: string[];
    /** Deprecated by the platform, not marked by us. */
    unmarkedDeprecations: string[];
    /** Marked deprecated by us (not as removed), not deprecated by the platform. */
    extraDeprecations: string[];
    /** Our deprecation names no replacement, an unknown or deprecated one, or not the platform's. */
    replacements: string[];
    /** Required query keys differ. */
    requiredQuery: string[];
    /** Platform routes of a family we cover that we lack. */
    missing: string[];
  };
  /** For the record (printed, never a failure). */
  notes: {
    /** Removed routes we keep, as deprecated. */
    keptRemoved: string[];
    /** Same wire route, other parameter names (bound by position: nothing changes on the wire). */
    parameterNames: string[];
    /** Platform families we do not cover, with their route counts. */
    uncoveredFamilies: string[];
  };
}

/** Compares our routes with the platform's. Pure. */
export function compareRoutes(platform: readonly PlatformRoute[], ours: readonly OurRoute[]): DriftReport {
  const report: DriftReport = {
    failures: {
      notOnPlatform: [],
      removedButPresent: [],
      multipart: [],
      shape: [],
      unmarkedDeprecations: [],
      extraDeprecations: [],
      replacements: [],
      requiredQuery: [],
      missing: [],
    },
    notes: { keptRemoved: [], parameterNames: [], uncoveredFamilies: [] },
  };
  const { failures, notes } = report;
  const byWire = new Map(platform.map((route) => [wireKey(route.method, route.path), route]));
  const byName = new Map(ours.map((route) => [route.name, route]));
  const oursByWire = new Set(ours.map((route) => wireKey(route.method, route.path)));
  const label = (route: OurRoute): string => `${route.name} (${route.method} ${route.path})`;
  /** The method a deprecation mark names (`use \`x.y\``), checked to exist and be live. */
  const replacementOf = (route: OurRoute): OurRoute | undefined => {
    const named = /\buse `([\w.]+)`/i.exec(route.deprecated ?? '')?.[1];
    if (!named) return undefined;
    const replacement = byName.get(named);
    if (!replacement)
      failures.replacements.push(`${label(route)}: the replacement \`${named}\` is not a method of the client`);
    else if (replacement.deprecated !== undefined)
      failures.replacements.push(`${label(route)}: the replacement \`${named}\` is itself deprecated`);
    else return replacement;
    return undefined;
  };

  for (const route of ours) {
    const key = wireKey(route.method, route.path);
    const theirs = byWire.get(key);
    const removed = route.deprecated !== undefined && REMOVED_MARK.test(route.deprecated);
    if (!theirs) {
      if (removed) {
        notes.keptRemoved.push(label(route));
        replacementOf(route); // optional for a removed route, but a named one must be live
        continue;
      }
      const samePath = platform.filter((p) => wireKey('', p.path) === wireKey('', route.path)).map((p) => p.method);
      // The platform route we lack that looks most like this one (a few characters apart): usually
      // what it was changed from. Farther ones would be noise.
      const closest = platform
        .filter((p) => !oursByWire.has(wireKey(p.method, p.path)))
        .map((p) => ({ p, d: distance(key, wireKey(p.method, p.path)) }))
        .filter(({ d }) => d <= Math.max(3, key.length / 4))
        .sort((a, b) => a.d - b.d)[0]?.p;
      const hint = samePath.length
        ? `the platform has ${samePath.join(', ')} on that path`
        : closest
          ? `closest platform route we lack: ${closest.method} ${closest.path}`
          : 'nothing like it on the platform (if the platform removed it, mark it so)';
      failures.notOnPlatform.push(`${label(route)}: not on the platform; ${hint}`);
      continue;
    }
    if (removed) failures.removedButPresent.push(`${label(route)}: marked removed, but the platform has it`);
    if (theirs.path !== route.path) notes.parameterNames.push(`${label(route)}: the platform writes ${theirs.path}`);
    if (theirs.multipart !== (route.flag === 'multipart')) {
      failures.multipart.push(
        `${label(route)}: the platform sends ${theirs.multipart ? 'multipart' : 'JSON'}, we send ${route.flag === 'multipart' ? 'multipart' : 'JSON'}`,
      );
    }
    const bodyless = route.method === 'GET' || route.method === 'DELETE';
    const weSendBody = !bodyless || route.flag === 'body';
    if (theirs.body && !weSendBody)
      failures.shape.push(`${label(route)}: the platform takes a body, our method sends a query (flag it \`body\`)`);
    if (route.flag === 'body' && !theirs.body)
      failures.shape.push(`${label(route)}: flagged \`body\`, the platform takes none`);
    if (theirs.query && weSendBody)
      failures.shape.push(`${label(route)}: the platform takes a query our method cannot send`);
    if (theirs.secure === (route.flag === 'public')) {
      failures.shape.push(
        `${label(route)}: the platform sends it ${theirs.secure ? 'with' : 'without'} Authorization, we do not`,
      );
    }
    const want = [...theirs.requiredQuery].sort().join(', ');
    const have = [...route.requiredQuery].sort().join(', ');
    if (want !== have)
      failures.requiredQuery.push(`${label(route)}: the platform requires [${want}], our types [${have}]`);

    if (theirs.deprecated && route.deprecated === undefined) {
      failures.unmarkedDeprecations.push(
        `${label(route)}: deprecated by the platform${theirs.description ? ` ("${theirs.description}")` : ''}`,
      );
    }
    if (!theirs.deprecated && route.deprecated !== undefined && !removed) {
      failures.extraDeprecations.push(`${label(route)}: marked @deprecated, the platform does not deprecate it`);
    }
    if (theirs.deprecated && route.deprecated !== undefined) {
      // The mark must name the method to use instead, a live one, and the platform's when it names one.
      const named = /\buse `([\w.]+)`/i.test(route.deprecated);
      const replacement = replacementOf(route);
      const platformNames = routeNamedIn(theirs.description);
      if (!named)
        failures.replacements.push(
          `${label(route)}: the @deprecated mark names no replacement ("use \`group.method\`")`,
        );
      else if (replacement && platformNames && wireKey(replacement.method, replacement.path) !== platformNames) {
        failures.replacements.push(
          `${label(route)}: the platform says "${theirs.description}", our mark points to ${replacement.method} ${replacement.path}`,
        );
      }
    }
  }

  const covered = new Set(ours.map((route) => familyOf(route.path)));
  const uncovered = new Map<string, number>();
  for (const route of platform) {
    const family = familyOf(route.path);
    if (!covered.has(family)) uncovered.set(family, (uncovered.get(family) ?? 0) + 1);
    else if (!oursByWire.has(wireKey(route.method, route.path))) {
      failures.missing.push(
        `${route.method} ${route.path}${route.multipart ? ' (multipart)' : ''}${route.deprecated ? ' (deprecated)' : ''}: family "${family}" (${route.group}.${route.operation})`,
      );
    }
  }
  notes.uncoveredFamilies = [...uncovered].map(
    ([family, count]) => `${family}: ${count} route${count === 1 ? '' : 's'}`,
  );
  return report;
}

/** Number of failure lines in a report. */
export function failureCount(report: DriftReport): number {
  return Object.values(report.failures).reduce((sum, list) => sum + list.length, 0);
}

/** The report as text: every non-empty section with its lines. */
export function formatDrift(report: DriftReport, title: string): string {
  const lines = [title];
  const section = (heading: string, items: readonly string[]) => {
    if (!items.length) return;
    lines.push(`  ${heading} (${items.length}):`, ...items.map((item) => `    - ${item}`));
  };
  const f = report.failures;
  section('FAIL not on the platform (method or path changed?)', f.notOnPlatform);
  section('FAIL marked removed but present', f.removedButPresent);
  section('FAIL multipart differs', f.multipart);
  section('FAIL body / query / auth differs', f.shape);
  section('FAIL deprecated by the platform, not marked', f.unmarkedDeprecations);
  section('FAIL marked deprecated, not by the platform', f.extraDeprecations);
  section('FAIL deprecation replacement', f.replacements);
  section('FAIL required query differs', f.requiredQuery);
  section('FAIL missing from a family we cover', f.missing);
  section('note: removed from the platform, kept as @deprecated', report.notes.keptRemoved);
  section('note: parameter names differ (positional, same wire)', report.notes.parameterNames);
  section('note: platform families we do not cover', report.notes.uncoveredFamilies);
  if (failureCount(report) === 0)
    lines.push(
      '  no drift: every route matches in method, path, multipart, body, auth, required query and deprecation',
    );
  return lines.join('\n');
}
