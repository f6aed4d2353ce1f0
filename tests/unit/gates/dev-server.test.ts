/**
 * `npm run dev` starts clean: no `[ERROR]` line from Astro or Vite while it starts and serves the
 * home page and an island (which waits for Vite's dependency scan). A `</script>` written in an
 * .astro file's frontmatter (even in a comment) once made the scan fail on every start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { cleanEnv } from '../../fixtures/clean-env.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let dev: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

afterAll(() => {
  // npx runs astro as a child: stop the whole group, or astro keeps running (and its lock).
  if (dev?.pid) process.kill(-dev.pid, 'SIGTERM');
});

test('astro dev starts, serves / and an island, and prints no [ERROR]', async () => {
  // Without its cache Vite scans the dependencies again, as on a fresh checkout's first start.
  rmSync(join(ROOT, 'node_modules', '.vite', 'deps'), { recursive: true, force: true });
  const port = await freePort();
  dev = spawn('npx', ['astro', 'dev', '--port', String(port), '--host', '127.0.0.1', '--force'], {
    cwd: ROOT,
    env: cleanEnv({ ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const ready = new Promise<void>((done, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('watching for file changes')) done();
    };
    dev!.stdout!.on('data', onData);
    dev!.stderr!.on('data', onData);
    dev!.once('exit', (code) => reject(new Error(`astro dev exited (${code}) before it was ready:\n${output}`)));
  });
  await ready;
  const page = await fetch(`http://127.0.0.1:${port}/`);
  expect(page.status, `the home page in dev:\n${output}`).toBe(200);
  const html = await page.text();
  const island = /component-url="([^"]+)"/.exec(html)?.[1];
  expect(island, 'the home page has an island').toBeTruthy();
  // Transforming an island waits for the dependency scan and optimisation to finish.
  const script = await fetch(`http://127.0.0.1:${port}${island}`);
  expect(script.status, `the island ${island} in dev`).toBe(200);
  expect(output, 'astro dev printed an error').not.toMatch(/\[ERROR\]/);
}, 120_000);
