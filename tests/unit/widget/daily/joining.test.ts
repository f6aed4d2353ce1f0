/**
 * Issue 35: the Daily adapter passes daily-js's `joining-meeting` on (emitted by daily-js right before
 * it posts the join to its call machine) and says so (`announcesJoin`), so the core marks the join
 * as sent at that event and the card draws itself whole only after it.
 */
import { describe, expect, it } from 'vitest';
import { createDailyCallFactory } from '../../../../widget/src/daily/index.ts';
import { FakeDaily } from '../../../fixtures/fake-daily-js.ts';

describe('the Daily adapter: joining-meeting', () => {
  it('announces the join and passes joining-meeting on as the core event of that name, once per event', () => {
    const daily = new FakeDaily();
    const call = createDailyCallFactory(undefined, daily).createCall({ video: false, camera: false });
    let seen = 0;
    call.on('joining-meeting', () => seen++);
    expect(call.announcesJoin, 'the core waits for the event').toBe(true);
    expect(seen, 'nothing before daily-js emits it').toBe(0);
    daily.calls[0]!.fire('joining-meeting', {});
    expect(seen, 'passed on').toBe(1);
  });
});
