/**
 * A taken port is one sentence naming the variable that moves it, said before anything slow:
 * `npm start` (scripts/start.ts) refuses before the build, and so does the browser tests' build.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPortsFree, portIsFree } from '../../../shared/ports.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let blocker: Server;
let port = 0;

beforeAll(async () => {
  blocker = createServer();
  await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
  port = (blocker.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((done) => blocker.close(() => done())));

describe('ports', () => {
  it('tells a taken port from a free one', async () => {
    expect(await portIsFree(port, '127.0.0.1')).toBe(false);
    await expect(
      assertPortsFree([{ variable: 'PROVIDER_PORT', port, host: '127.0.0.1' }], 'npm run test:e2e'),
    ).rejects.toThrow(
      `Port ${port} on 127.0.0.1 is already in use (another server, or another copy of this one): stop that program, or choose another port with PROVIDER_PORT, e.g. \`PROVIDER_PORT=${port + 1} npm run test:e2e\`.`,
    );
  });

  it('npm start says so in one sentence naming PORT, before it builds', () => {
    const result = spawnSync(process.execPath, ['scripts/start.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    });
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Port ${port} on 127.0.0.1 is already in use (another server, or another copy of this one): stop that program, or choose another port with PORT, e.g. \`PORT=${port + 1} npm start\`.`,
    );
    expect(result.stdout, 'no build ran').not.toMatch(/astro|build/i);
  });

  it('the browser tests say so naming E2E_PORT or PROVIDER_PORT, before they build', async () => {
    // A port the system just handed out and took back (port + 1 may be anybody's on a busy machine).
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const free = String((probe.address() as { port: number }).port);
    await new Promise<void>((done) => probe.close(() => done()));
    for (const [variable, env, host] of [
      ['E2E_PORT', { E2E_PORT: String(port), PROVIDER_PORT: free }, 'localhost'],
      ['PROVIDER_PORT', { E2E_PORT: free, PROVIDER_PORT: String(port) }, '127.0.0.1'],
    ] as const) {
      const result = spawnSync(process.execPath, ['scripts/e2e-build.ts'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr.trim(), variable).toMatch(
        new RegExp(`^Port ${port} on ${host} is already in use .* with ${variable}, e\\.g\\. \`${variable}=`),
      );
      expect(result.stdout, 'no build ran').not.toMatch(/astro|build/i);
    }
  });
});
