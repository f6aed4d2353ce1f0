/**
 * Telling a postmaster of a data folder from whatever else a stale pid file's pid now names (PID
 * reuse): from the facts of the process (pure), and on real processes of this machine.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isPostmasterOf, postmasterVerdict, processFacts } from '../../../../server/postgres/postmaster-process.ts';

const CLUSTER = '/var/lib/ringwise/cluster';
const postgres = ['/opt/pg/bin/postgres', '-D', CLUSTER, '-p', '5433'];

describe('postmasterVerdict', () => {
  it.each([
    ['a postgres whose working directory is the folder', { argv: postgres, cwd: CLUSTER, pgdata: null }, 'yes'],
    ['a postgres with -D the folder (cwd unreadable)', { argv: postgres, cwd: null, pgdata: null }, 'yes'],
    ['a postgres with PGDATA the folder', { argv: ['postgres'], cwd: null, pgdata: CLUSTER }, 'yes'],
    ['a postgres of another folder (cwd)', { argv: postgres, cwd: '/srv/other/cluster', pgdata: null }, 'no'],
    ['a postgres of another folder (-D)', { argv: ['postgres', '-D', '/srv/other'], cwd: null, pgdata: null }, 'no'],
    ['another program', { argv: ['/usr/bin/sleep', '600'], cwd: CLUSTER, pgdata: null }, 'no'],
    [
      'a PostgreSQL child process (its title rewritten)',
      { argv: ['postgres: checkpointer '], cwd: CLUSTER, pgdata: null },
      'no',
    ],
    ['a process that shows nothing', { argv: null, cwd: null, pgdata: null }, 'unknown'],
    [
      'a postgres with a relative -D and no cwd',
      { argv: ['postgres', '-D', 'cluster'], cwd: null, pgdata: null },
      'unknown',
    ],
  ] as const)('%s: %s', (_label, facts, verdict) => {
    expect(postmasterVerdict({ ...facts, argv: facts.argv ? [...facts.argv] : null }, CLUSTER)).toBe(verdict);
  });
});

describe('isPostmasterOf on real processes', () => {
  it('is false for a live process of another program, and for a pid that is gone', async () => {
    const stranger = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      expect(processFacts(stranger.pid!).argv?.[0], 'its command line is read').toBe('sleep');
      expect(isPostmasterOf(stranger.pid!, CLUSTER), 'a live sleep is no postmaster').toBe(false);
    } finally {
      stranger.kill();
    }
    await new Promise((done) => stranger.once('exit', done));
    expect(isPostmasterOf(stranger.pid!, CLUSTER), 'a pid that is gone').toBe(false);
  });
});
