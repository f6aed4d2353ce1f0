/**
 * Load check of the embedded contact backend (not a timed test): starts a fresh server (real
 * PostgreSQL 17, fsync and synchronous_commit on, its own temporary data folder) on a loopback
 * port without a rate limit, sends `total` inserts from `concurrency` clients at once (each client
 * posts one request after another, as supabase-js would), then reads the table the way
 * `npm run submissions` does and checks every row is there exactly once. Reports throughput and
 * latency percentiles, and the durability settings the server actually ran with.
 *
 * CLI: `node bench/contact-load.ts [total] [concurrency…]` (default 1000 50 200); `npm run bench`
 * imports {@link runContactLoad}.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from '../server/app.ts';
import { connect } from '../server/postgres/bootstrap.ts';
import { listSubmissions } from '../server/submissions.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../shared/local-backend.ts';

/** Options of {@link runContactLoad}. */
export interface ContactLoadOptions {
  /** Inserts to send. @default 1000 */
  total?: number;
  /** Clients sending at the same time. @default 50 */
  concurrency?: number;
}

/** What {@link runContactLoad} measured and verified. */
export interface ContactLoadResult {
  total: number;
  concurrency: number;
  /** What stored the rows, e.g. "PostgreSQL 17.10 (fsync on, synchronous_commit on)". */
  backend: string;
  /** Requests answered 201. */
  created: number;
  /** Requests answered otherwise or failed, with the first few reasons. */
  failed: number;
  failures: string[];
  /** Rows found afterwards with one of the sent e-mail addresses. */
  stored: number;
  /** Acknowledged rows not found. */
  missing: number;
  /** Rows found more than once. */
  duplicated: number;
  /** True when every request got 201 and every row is stored exactly once. */
  ok: boolean;
  /** Wall time from the first request to the last answer. */
  durationMs: number;
  /** Inserts per second over that time. */
  throughputPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/** The value below which `p` of the sorted samples fall (nearest rank). */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

/** Runs the load check against a freshly started embedded backend and verifies the rows. */
export async function runContactLoad(options: ContactLoadOptions = {}): Promise<ContactLoadResult> {
  const { total = 1000, concurrency = 50 } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'contact-load-'));
  const server = await startServer({
    distDir: null,
    port: 0,
    host: '127.0.0.1',
    dataDir,
    resetData: true,
    rateLimit: null,
    log: () => {},
  });
  const endpoint = `${server.url}/rest/v1/${CONTACT_TABLE}`;
  const latencies: number[] = [];
  const failures: string[] = [];
  let created = 0;
  let next = 0;
  try {
    const cluster = server.cluster!;
    const admin = await connect(
      { host: cluster.host, port: cluster.port },
      'supabase_admin',
      cluster.credentials.supabase_admin,
    );
    const settings = await admin
      .query<{ version: string; fsync: string; sync: string }>(
        "select current_setting('server_version') as version, current_setting('fsync') as fsync, current_setting('synchronous_commit') as sync",
      )
      .finally(() => admin.end());
    const s = settings.rows[0];
    const backend = `PostgreSQL ${s?.version} (fsync ${s?.fsync}, synchronous_commit ${s?.sync})`;

    const client = async () => {
      while (next < total) {
        const i = next++;
        const started = performance.now();
        try {
          const res = await fetch(endpoint, {
            method: 'POST',
            headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json', 'x-client-info': 'contact-load' },
            body: JSON.stringify({
              name: `Load Client ${i}`,
              business_name: `Business ${i % 37}`,
              email: `load-${i}@example.com`,
              additional_info: i % 3 === 0 ? null : `Request number ${i}`,
            }),
          });
          const text = await res.text();
          if (res.status === 201) created++;
          else failures.push(`#${i}: ${res.status} ${text}`);
        } catch (error) {
          failures.push(`#${i}: ${(error as Error).message}`);
        }
        latencies.push(performance.now() - started);
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: concurrency }, client));
    const durationMs = performance.now() - t0;

    const rows = await listSubmissions(dataDir);
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.email, (counts.get(r.email) ?? 0) + 1);
    let missing = 0;
    for (let i = 0; i < total; i++) if (!counts.has(`load-${i}@example.com`)) missing++;
    const duplicated = [...counts.values()].filter((n) => n > 1).length;
    const sorted = latencies.sort((a, b) => a - b);
    const failed = total - created;
    return {
      total,
      concurrency,
      backend,
      created,
      failed,
      failures: failures.slice(0, 5),
      stored: rows.length,
      missing,
      duplicated,
      ok: failed === 0 && missing === 0 && duplicated === 0 && rows.length === total,
      durationMs: Math.round(durationMs),
      throughputPerSecond: Math.round((created / durationMs) * 1000),
      p50Ms: Number(percentile(sorted, 0.5).toFixed(1)),
      p95Ms: Number(percentile(sorted, 0.95).toFixed(1)),
      maxMs: Number((sorted.at(-1) ?? 0).toFixed(1)),
    };
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const total = Number(process.argv[2] ?? 1000);
  const levels = process.argv.length > 3 ? process.argv.slice(3).map(Number) : [50, 200];
  let ok = true;
  for (const concurrency of levels) {
    const result = await runContactLoad({ total, concurrency });
    console.log(
      `contact load (${result.backend}): ${result.total} inserts from ${result.concurrency} clients → ${result.created} created, ` +
        `${result.stored} stored, ${result.missing} missing, ${result.duplicated} duplicated; ` +
        `${result.throughputPerSecond} inserts/s, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms`,
    );
    if (!result.ok) {
      console.error('contact load check FAILED', result.failures);
      ok = false;
    }
  }
  if (!ok) process.exit(1);
}
