/** The back-off of failed deliveries (pure); the worker itself runs against PostgreSQL in tests/db/delivery.test.ts. */
import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_RETRY, formatWait } from '../../../../server/leads/outbox.ts';

describe('backoffMs', () => {
  it('doubles from the base to the cap, with ±20 % jitter', () => {
    const plain = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20].map((attempt) => backoffMs(attempt, DEFAULT_RETRY, 0.5));
    expect(plain, 'random 0.5 = no jitter').toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000, 1_280_000, 2_560_000, 3_600_000, 3_600_000,
    ]);
    expect(backoffMs(1, DEFAULT_RETRY, 0), 'lowest').toBe(8_000);
    expect(backoffMs(1, DEFAULT_RETRY, 0.999999), 'highest').toBe(12_000);
    expect(backoffMs(1000, DEFAULT_RETRY, 0.5), 'no overflow after many attempts').toBe(3_600_000);
  });

  it('says a wait in the unit a person reads', () => {
    expect([
      formatWait(40),
      formatWait(10_000),
      formatWait(640_000),
      formatWait(3_600_000),
      formatWait(14_400_000),
    ]).toEqual(['40 ms', '10 s', '11 min', '60 min', '4 h']);
  });
});
