/**
 * The README's route table (section "Provider API client") lists exactly the client's routes,
 * with their flags, required queries and deprecation marks, so the docs cannot drift from the
 * table. On a mismatch the failure message holds the table as it should read.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../../../../widget/src/api/index.ts';
import { readOurRoutes, REMOVED_MARK, type OurRoute } from './route-drift.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const START = '<!-- api-routes:start (checked by tests/unit/widget/api/readme.test.ts) -->';
const END = '<!-- api-routes:end -->';

/** The notes column of one route. */
function notes(route: OurRoute): string {
  const parts: string[] = [];
  if (route.flag === 'multipart') parts.push('multipart');
  if (route.flag === 'body') parts.push('JSON body, no query');
  if (route.flag === 'public') parts.push('no `Authorization`');
  if (route.requiredQuery.length)
    parts.push(`query: ${route.requiredQuery.map((k) => `\`${k}\``).join(', ')} required`);
  if (route.deprecated !== undefined) {
    const replacement = /\buse `([\w.]+)`/i.exec(route.deprecated)?.[1];
    const removed = REMOVED_MARK.test(route.deprecated);
    parts.push(
      `${removed ? 'deprecated: removed from the platform, kept for older deployments' : 'deprecated'}${replacement ? `; use \`${replacement}\`` : ''}`,
    );
  }
  return parts.join('; ');
}

/** The table as the README must hold it. */
function expectedTable(routes: readonly OurRoute[]): string {
  return [
    '| method | route | notes |',
    '|---|---|---|',
    ...routes.map((r) => `| \`${r.name}\` | \`${r.method} ${r.path}\` | ${notes(r)} |`),
  ].join('\n');
}

describe('README route table', () => {
  it('matches the client, route for route', () => {
    const routes = readOurRoutes(
      apiRoutes,
      join(ROOT, 'widget/src/api/routes.ts'),
      join(ROOT, 'widget/src/api/types.ts'),
    );
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(start, 'table start marker in README.md').toBeGreaterThan(0);
    expect(end, 'table end marker after the start').toBeGreaterThan(start);
    const actual = readme.slice(start + START.length, end).trim();
    const expected = expectedTable(routes);
    expect(actual, `README.md's route table should read:\n${expected}\n`).toBe(expected);
  });
});
