/**
 * The fault test of the embedded backend, on loopback only and bounded in count: in each round a
 * server starts on one data folder while a second server and `npm run submissions` race it; then
 * clients insert until the server is killed with SIGKILL mid-traffic (in every other round its
 * PostgreSQL too, so the next start runs crash recovery). Through every round:
 * - at most one server serves the folder; a loser exits with the one-sentence refusal;
 * - the folder always starts again;
 * - every acknowledged (201) row is present exactly once at the end (and in every read made
 *   during the race), and no row appears twice.
 * Nothing here measures time: the waits are the server's own generous readiness bounds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirLayout, isAlive, readPostmasterLock } from '../../server/postgres/data-dir.ts';
import { listSubmissions, type Submission } from '../../server/submissions.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../shared/local-backend.ts';

const SERVER = fileURLToPath(new URL('../fixtures/backend-process.ts', import.meta.url));
const CLI = fileURLToPath(new URL('../../server/submissions.ts', import.meta.url));
const ROUNDS = 4;
const CLIENTS = 6;
/** Acknowledged inserts after which the server is killed (more are in flight by then). */
const KILL_AFTER = 40;
/** Upper bound of requests per client per round (the loop ends at the kill long before). */
const MAX_PER_CLIENT = 400;
const REFUSAL = /The data folder .+ is (in use by|held by) /;

let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fault-'));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  // A last server run by nobody: make sure PostgreSQL is gone before the folder is deleted.
  const lock = await readPostmasterLock(dataDirLayout(dataDir).cluster).catch(() => null);
  if (lock && isAlive(lock.pid)) process.kill(lock.pid, 'SIGQUIT');
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

interface Started {
  child: ChildProcess;
  /** The URL once it serves, or null when it exited first. */
  ready: Promise<string | null>;
  exited: Promise<number | null>;
  stderr: () => string;
}

function spawnServer(): Started {
  const child = spawn(process.execPath, [SERVER, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const ready = new Promise<string | null>((done) => {
    createInterface({ input: child.stdout! }).once('line', (line) => done((JSON.parse(line) as { url: string }).url));
    void exited.then(() => done(null));
  });
  return { child, ready, exited, stderr: () => stderr };
}

function runCli(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

/** Inserts from CLIENTS clients until `kill` has been called and the server stops answering. */
async function traffic(url: string, round: number, kill: () => void) {
  const acked: string[] = [];
  const attempted: string[] = [];
  let killed = false;
  const client = async (c: number) => {
    for (let i = 0; i < MAX_PER_CLIENT; i++) {
      const email = `r${round}-c${c}-${i}@fault.example`;
      attempted.push(email);
      try {
        const res = await fetch(`${url}/rest/v1/${CONTACT_TABLE}`, {
          method: 'POST',
          headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: `Fault ${round}`,
            business_name: `Client ${c}`,
            email,
            additional_info: `request ${i}`,
          }),
        });
        await res.arrayBuffer();
        if (res.status !== 201) return;
        acked.push(email);
        if (acked.length >= KILL_AFTER && !killed) {
          killed = true;
          kill();
        }
      } catch {
        return; // the server is gone
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  return { acked, attempted, killed };
}

function counts(rows: readonly Submission[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const r of rows) map.set(r.email, (map.get(r.email) ?? 0) + 1);
  return map;
}

describe('kill -9 and racing processes on one data folder', () => {
  it(`loses no acknowledged row and always restarts (${ROUNDS} rounds)`, async () => {
    const acked: string[] = [];
    const attempted = new Set<string>();
    const outcomes: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // A starts; B and the CLI race its start-up.
      const a = spawnServer();
      const b = spawnServer();
      const cli = runCli();
      const [urlA, urlB] = await Promise.all([a.ready, b.ready]);
      const serving = [urlA && a, urlB && b].filter((s): s is Started => !!s);
      expect(serving.length, `round ${round}: at most one server serves the folder`).toBeLessThanOrEqual(1);
      for (const [url, s] of [
        [urlA, a],
        [urlB, b],
      ] as const) {
        if (url) continue;
        expect(await s.exited, `round ${round}: a refused server exits with an error`).toBe(1);
        expect(s.stderr(), `round ${round}: with the one-sentence refusal`).toMatch(REFUSAL);
      }
      const read = await cli;
      outcomes.push(`${urlA ? 'A' : urlB ? 'B' : 'no server'} served, CLI ${read.code === 0 ? 'read' : 'refused'}`);
      if (read.code === 0) {
        const seen = counts(JSON.parse(read.stdout) as Submission[]);
        for (const email of acked)
          expect(seen.get(email), `round ${round}: the CLI's read has ${email} exactly once`).toBe(1);
        expect(
          [...seen.values()].every((n) => n === 1),
          `round ${round}: no row twice in the CLI's read`,
        ).toBe(true);
      } else {
        expect(read.stderr, `round ${round}: the CLI refused with one sentence`).toMatch(REFUSAL);
      }

      // When the CLI held the folder, both servers refused: the folder must start again now.
      let server = serving[0];
      let url = urlA ?? urlB;
      if (!server) {
        server = spawnServer();
        url = await server.ready;
        expect(url, `round ${round}: the folder starts again (${server.stderr()})`).toBeTruthy();
      }

      const killAll = round % 2 === 0;
      const lock = await readPostmasterLock(dataDirLayout(dataDir).cluster);
      const result = await traffic(url!, round, () => {
        server.child.kill('SIGKILL');
        if (killAll && lock) process.kill(lock.pid, 'SIGKILL');
      });
      expect(result.killed, `round ${round}: the server was killed mid-traffic`).toBe(true);
      await server.exited;
      acked.push(...result.acked);
      result.attempted.forEach((e) => attempted.add(e));
    }

    // A last start after the last kill: the folder starts, every acknowledged row is there once.
    const last = spawnServer();
    expect(await last.ready, `the folder starts after ${ROUNDS} kills (${last.stderr()})`).toBeTruthy();
    const rows = await listSubmissions(dataDir);
    last.child.kill('SIGTERM');
    await last.exited;
    const stored = counts(rows);
    const missing = acked.filter((e) => stored.get(e) !== 1);
    expect(missing, `acknowledged rows missing or duplicated (of ${acked.length})`).toEqual([]);
    expect(
      [...stored.entries()].filter(([, n]) => n > 1),
      'no row stored twice',
    ).toEqual([]);
    expect(
      [...stored.keys()].filter((e) => !attempted.has(e)),
      'no row nobody sent',
    ).toEqual([]);
    console.log(
      `fault test: ${ROUNDS} rounds (${outcomes.join('; ')}), ${acked.length} acknowledged rows, ` +
        `${rows.length} stored (${rows.length - acked.length} committed as the server died, before their answer)`,
    );
  }, 900_000);
});
