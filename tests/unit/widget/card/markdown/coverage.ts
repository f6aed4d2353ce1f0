/**
 * V8's precise coverage for one test file (steps.test.ts counts the parser's steps with it,
 * warm.test.ts which functions ran): started before the file's tests, stopped after them.
 */
import { Session } from 'node:inspector/promises';
import { afterAll, beforeAll } from 'vitest';

/** The file's inspector session, collecting call counts from its first test on. */
export function usePreciseCoverage(): Session {
  const session = new Session();
  beforeAll(async () => {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  });
  afterAll(async () => {
    await session.post('Profiler.stopPreciseCoverage');
    session.disconnect();
  });
  return session;
}
