/**
 * `npm run bench:restart`: restart → first 200 with a built tree, the figure issue #40 budgets
 * (≤ 2 s). First the deploy step (`node scripts/start.ts --build-only`: builds only if the tree
 * changed), then one warm-up start, then N restarts of the service's own command
 * (`node scripts/start.ts`, as the README's systemd unit runs it): each timed from the spawn to
 * the first 200 of `/` (polled every 10 ms), then stopped with SIGTERM and waited for. The
 * checkout's own data folder is used (a real restart), so no other server of this checkout may
 * run. Options: `--samples=N` (default 5), `--port=P` (default 4759), `--update-readme` (writes
 * the sentence between README.md's bench:restart markers).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from './lib/paths.ts';
import { progress } from './lib/progress.ts';
import { readmeWithRestart, restartFigure, type RestartFigures } from './lib/restart-figure.ts';

const START = join(ROOT, 'scripts', 'start.ts');

/** Starts the server once: ms from the spawn to the first 200 of `/`, then stops it (SIGTERM). */
async function oneRestart(port: number): Promise<number> {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
  const t0 = performance.now();
  const child = spawn(process.execPath, [START], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let ms = 0;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`node scripts/start.ts exited ${child.exitCode} before it served:\n${output}`);
    const status = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) {
      ms = performance.now() - t0;
      break;
    }
    await sleep(10);
  }
  if (/Building the site/.test(output))
    throw new Error('The start built the site: the tree was not built (the deploy step should have).');
  child.kill('SIGTERM');
  await exited;
  return ms;
}

/** Runs the bench: the deploy step, a warm-up, then `samples` timed restarts. */
export async function benchRestart(options: { samples: number; port: number }): Promise<RestartFigures> {
  progress('restart: deploy step (node scripts/start.ts --build-only; builds only if the tree changed) …');
  const deploy = spawnSync(process.execPath, [START, '--build-only'], { cwd: ROOT, stdio: 'inherit' });
  if (deploy.status !== 0) throw new Error(`the deploy step failed (exit ${deploy.status ?? deploy.signal})`);
  const load = loadavg()[0]!;
  progress('restart: warm-up start (not counted) …');
  await oneRestart(options.port);
  const samples: number[] = [];
  for (let i = 1; i <= options.samples; i++) {
    samples.push(Math.round(await oneRestart(options.port)));
    progress(`restart ${i}/${options.samples}: ${samples.at(-1)} ms to the first 200`);
  }
  return { samples, load, cores: cpus().length, date: new Date().toISOString().slice(0, 10) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const value = (name: string, fallback: number) => {
    const raw = args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < 1) {
      console.error(`--${name} must be a whole number of at least 1, not ${JSON.stringify(raw)}.`);
      process.exit(2);
    }
    return n;
  };
  const unknown = args.filter((a) => !/^--(samples|port)=/.test(a) && a !== '--update-readme');
  if (unknown.length) {
    console.error(`Unknown option(s) ${unknown.join(' ')}: use --samples=N, --port=P, --update-readme.`);
    process.exit(2);
  }
  const figures = await benchRestart({ samples: value('samples', 5), port: value('port', 4759) });
  const sentence = restartFigure(figures);
  console.log(sentence);
  if (args.includes('--update-readme')) {
    const readme = join(ROOT, 'README.md');
    writeFileSync(readme, readmeWithRestart(readFileSync(readme, 'utf8'), sentence));
    progress('written to README.md');
  }
}
