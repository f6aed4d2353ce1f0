/**
 * One call, one tab (continuity/claim.ts), against a lock manager with the Web Locks semantics the
 * claim relies on (`ifAvailable`: granted at once or `null`; held until the callback's promise
 * settles). The browser's own manager is exercised by the Playwright test of two tabs.
 */
import { expect, test } from 'vitest';
import { claimCall, claimName } from '../../../../widget/src/continuity/claim.ts';

function lockManager() {
  const held = new Set<string>();
  return {
    held,
    request(name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown> {
      if (!options.ifAvailable) throw new Error('the claim must never wait');
      if (held.has(name)) return Promise.resolve(callback(null));
      held.add(name);
      return Promise.resolve(callback({ name, mode: 'exclusive' } as Lock)).finally(() => held.delete(name));
    },
  } as unknown as LockManager & { held: Set<string> };
}

test('the first page claims the call; another finds it held; after release it is free again', async () => {
  const locks = lockManager();
  const first = await claimCall('call-1', locks);
  expect(first, 'granted').not.toBeNull();
  expect(locks.held.has(claimName('call-1')), 'held').toBe(true);
  expect(await claimCall('call-1', locks), 'second tab refused').toBeNull();
  expect(await claimCall('call-2', locks), 'another call is free').not.toBeNull();
  first!.release();
  await Promise.resolve();
  await Promise.resolve();
  expect(await claimCall('call-1', locks), 'free after release').not.toBeNull();
});

test('no Web Locks, or a manager that throws: the claim goes ahead (nothing can tell)', async () => {
  expect(await claimCall('c', undefined), 'no manager').not.toBeNull();
  const refusing = { request: () => Promise.reject(new DOMException('no', 'SecurityError')) } as unknown as LockManager;
  expect(await claimCall('c', refusing), 'refusing manager').not.toBeNull();
});
