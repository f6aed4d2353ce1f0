import { describe, expect, it } from 'vitest';
import {
  decideRestart,
  FIRST_RESTART_DELAY_MS,
  MAX_RESTART_DELAY_MS,
  MAX_RESTARTS,
  RESTART_WINDOW_MS,
} from '../../../../server/postgres/restart-policy.ts';

describe('decideRestart', () => {
  it('restarts with doubling waits, capped, then gives up past the limit within the window', () => {
    const restarts: number[] = [];
    const delays: number[] = [];
    let now = 1_000_000;
    for (let i = 0; i < MAX_RESTARTS; i++) {
      const decision = decideRestart(restarts, now);
      expect(decision.restart, `restart ${i + 1} is made`).toBe(true);
      if (decision.restart) {
        expect(decision.attempt, 'numbered').toBe(i + 1);
        delays.push(decision.delayMs);
      }
      restarts.push(now);
      now += 1_000;
    }
    expect(delays[0], 'the first at once-ish').toBe(FIRST_RESTART_DELAY_MS);
    expect(
      delays.every((d, i) => i === 0 || d === Math.min(MAX_RESTART_DELAY_MS, (delays[i - 1] ?? 0) * 2)),
      `doubling, capped: ${delays}`,
    ).toBe(true);
    const last = decideRestart(restarts, now);
    expect(last, 'one more stop in the window gives up, saying why').toEqual({
      restart: false,
      reason: expect.stringMatching(/stopped \d+ times within \d+ minutes/),
    });
  });

  it('forgets restarts older than the window', () => {
    const restarts = Array.from({ length: MAX_RESTARTS }, (_, i) => i);
    const decision = decideRestart(restarts, RESTART_WINDOW_MS + MAX_RESTARTS);
    expect(decision, 'a stop long after a bad patch starts afresh').toEqual({
      restart: true,
      attempt: 1,
      delayMs: FIRST_RESTART_DELAY_MS,
    });
  });
});
