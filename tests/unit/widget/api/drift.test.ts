/**
 * Drift test: our route table against the platform's own generated client, the installed
 * `@vapi-ai/web` devDependency (`dist/api.js` + `dist/api.d.ts`, generated from the platform's
 * OpenAPI document). It fails on a route whose method or path changed, a multipart / body / auth
 * difference, a deprecation we do not mark (or mark without the platform, or without a live
 * replacement), a required query our types do not demand, and a route of a family we cover that we
 * lack; it prints the whole difference either way. Upgrading the devDependency shows what moved.
 *
 * The verdicts of `compareRoutes` are also checked one by one on our table with one thing altered,
 * so each kind of drift is proven to be caught.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import { apiRoutes } from '../../../../widget/src/api/index.ts';
import { readPlatformClient, type PlatformClient, type PlatformRoute } from './platform-routes.ts';
import { compareRoutes, failureCount, formatDrift, readOurRoutes, wireKey, type OurRoute } from './route-drift.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const PLATFORM_DIR = join(ROOT, 'node_modules/@vapi-ai/web');
const ROUTES_FILE = join(ROOT, 'widget/src/api/routes.ts');
const TYPES_FILE = join(ROOT, 'widget/src/api/types.ts');

let platform: PlatformClient;
let ours: OurRoute[];

beforeAll(() => {
  platform = readPlatformClient(PLATFORM_DIR);
  ours = readOurRoutes(apiRoutes, ROUTES_FILE, TYPES_FILE);
});

describe(`route drift against the installed @vapi-ai/web`, () => {
  it('reads both route lists in full', () => {
    // Floors, not exact counts: an upgrade may add routes, but a reader that silently finds
    // nothing (or half) must not pass.
    expect(platform.routes.length, 'platform routes read').toBeGreaterThan(200);
    expect(ours.length, 'our routes read').toBe(193);
    expect(platform.routes.filter((r) => r.deprecated).length, 'platform deprecations read').toBeGreaterThan(0);
    expect(platform.routes.filter((r) => r.multipart).length, 'platform multipart routes read').toBeGreaterThan(0);
  });

  it('finds no drift (the report is printed either way)', () => {
    const report = compareRoutes(platform.routes, ours);
    const text = formatDrift(
      report,
      `route drift: ours (${ours.length} routes) vs @vapi-ai/web ${platform.version} (${platform.routes.length} routes)`,
    );
    console.info(text);
    expect(failureCount(report), text).toBe(0);
  });
});

describe('each kind of drift is caught', () => {
  /** Our table with one route replaced (by name). */
  const altered = (name: string, change: (route: OurRoute) => OurRoute): OurRoute[] => {
    const index = ours.findIndex((route) => route.name === name);
    expect(index, `${name} is in the table`).toBeGreaterThanOrEqual(0);
    return ours.map((route, i) => (i === index ? change(route) : route));
  };
  /** The report for our table with one route changed, against the platform's list as it is. */
  const compareAltered = (name: string, change: (route: OurRoute) => OurRoute) =>
    compareRoutes(platform.routes, altered(name, change));
  /** The platform's list with one route replaced (by method and path). */
  const platformAltered = (key: string, change: (route: PlatformRoute) => PlatformRoute): PlatformRoute[] => {
    const index = platform.routes.findIndex((route) => wireKey(route.method, route.path) === key);
    expect(index, `${key} is on the platform`).toBeGreaterThanOrEqual(0);
    return platform.routes.map((route, i) => (i === index ? change(route) : route));
  };

  it('a changed path: the route is reported, with the closest platform route', () => {
    const report = compareAltered('assistant.get', (r) => ({ ...r, path: '/assistants/{id}' }));
    expect(report.failures.notOnPlatform).toEqual([
      'assistant.get (GET /assistants/{id}): not on the platform; closest platform route we lack: GET /assistant/{id}',
    ]);
    // …and the route it used to be is now missing from a covered family.
    expect(report.failures.missing.join('\n')).toContain('GET /assistant/{id}: family "assistant"');
  });

  it('a changed method: the methods the platform has on that path are named', () => {
    const report = compareAltered('squad.update', (r) => ({ ...r, method: 'PUT' }));
    expect(report.failures.notOnPlatform).toEqual([
      'squad.update (PUT /squad/{id}): not on the platform; the platform has GET, PATCH, DELETE on that path',
    ]);
  });

  it('multipart on one side only', () => {
    const report = compareAltered('voiceLibrary.createSesameVoice', (r) => ({ ...r, flag: '' }));
    expect(report.failures.multipart).toHaveLength(1);
    expect(report.failures.multipart[0]).toContain('the platform sends multipart, we send JSON');
  });

  it('a DELETE body we could not send', () => {
    const report = compareAltered('call.delete', (r) => ({ ...r, flag: '' }));
    expect(report.failures.shape).toEqual([
      'call.delete (DELETE /call/{id}): the platform takes a body, our method sends a query (flag it `body`)',
    ]);
  });

  it('a deprecation we do not mark, and one the platform does not make', () => {
    const unmarked = compareAltered('call.createPhone', ({ deprecated: _, ...r }) => r);
    expect(unmarked.failures.unmarkedDeprecations).toEqual([
      'call.createPhone (POST /call/phone): deprecated by the platform',
    ]);
    const extra = compareAltered('call.get', (r) => ({ ...r, deprecated: 'Use `call.list`.' }));
    expect(extra.failures.extraDeprecations).toEqual([
      'call.get (GET /call/{id}): marked @deprecated, the platform does not deprecate it',
    ]);
  });

  it("a deprecation whose replacement is missing, unknown, deprecated or not the platform's", () => {
    const check = (text: string) =>
      compareAltered('phoneNumber.importTwilio', (r) => ({ ...r, deprecated: text })).failures.replacements;
    expect(check('Deprecated.')[0]).toContain('names no replacement');
    expect(check('Use `phoneNumber.nope`.')[0]).toContain('`phoneNumber.nope` is not a method of the client');
    expect(check('Use `phoneNumber.importVonage`.')[0]).toContain('is itself deprecated');
    expect(check('Use `phoneNumber.list`.')[0]).toContain(
      'the platform says "Use POST /phone-number instead.", our mark points to GET /phone-number',
    );
    expect(check('Use `phoneNumber.create` (POST /phone-number).'), 'the right one passes').toEqual([]);
  });

  it('a route marked removed that the platform still has', () => {
    const report = compareRoutes(
      platform.routes,
      altered('chat.get', (r) => ({
        ...r,
        deprecated: "Removed from the platform's current API; kept for older deployments.",
      })),
    );
    expect(report.failures.removedButPresent).toEqual([
      'chat.get (GET /chat/{id}): marked removed, but the platform has it',
    ]);
  });

  it('a required query our types do not demand', () => {
    const report = compareAltered('file.list', (r) => ({ ...r, requiredQuery: [] }));
    expect(report.failures.requiredQuery).toEqual([
      'file.list (GET /file): the platform requires [purpose], our types []',
    ]);
  });

  it('a new route in a family we cover, and a newly deprecated one', () => {
    const added: PlatformRoute = {
      ...platform.routes[0]!,
      operation: 'assistantControllerClone',
      method: 'POST',
      path: '/assistant/{id}/clone',
    };
    const report = compareRoutes(
      [...platformAltered('GET /chat/{}', (r) => ({ ...r, deprecated: true })), added],
      ours,
    );
    expect(report.failures.missing).toEqual([
      'POST /assistant/{id}/clone: family "assistant" (assistant.assistantControllerClone)',
    ]);
    expect(report.failures.unmarkedDeprecations).toEqual(['chat.get (GET /chat/{id}): deprecated by the platform']);
  });

  it('a route removed from the platform that we do not mark as removed', () => {
    const report = compareRoutes(
      platform.routes.filter((r) => wireKey(r.method, r.path) !== 'POST /chat/responses'),
      ours,
    );
    expect(report.failures.notOnPlatform).toHaveLength(1);
    expect(report.failures.notOnPlatform[0]).toMatch(
      /^chat\.createResponse \(POST \/chat\/responses\): not on the platform/,
    );
  });
});

/** Property names of an interface, read with the TypeScript compiler API from a source or declaration file. */
function interfaceFields(file: string, name: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const fields: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === name) {
      for (const member of node.members) if (member.name && ts.isIdentifier(member.name)) fields.push(member.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return fields;
}

describe('the POST /call/web body against the platform', () => {
  const platformFields = () => interfaceFields(join(PLATFORM_DIR, 'dist/api.d.ts'), 'CreateWebCallDTO');
  const ourFields = () => [
    ...interfaceFields(join(ROOT, 'widget/src/api/call-target.ts'), 'CallTarget'),
    ...interfaceFields(join(ROOT, 'widget/src/api/call-target.ts'), 'WebCallBody'),
  ];

  it('every field we send is a field of the platform’s CreateWebCallDTO, roomDeleteOnUserLeaveEnabled included', () => {
    const platform = platformFields();
    expect(platform.length, 'the platform DTO is read').toBeGreaterThan(5);
    const ours = ourFields();
    expect(ours, 'the new field is ours').toContain('roomDeleteOnUserLeaveEnabled');
    expect(
      ours.filter((field) => !platform.includes(field)),
      `fields the platform does not know (it has ${platform.join(', ')})`,
    ).toEqual([]);
  });
});
