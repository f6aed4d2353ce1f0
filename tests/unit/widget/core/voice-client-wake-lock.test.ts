/**
 * Issue 37 (4): the screen stays on during a call. The core holds the platform's screen wake lock
 * (`VoicePlatform.keepScreenOn`) from the call's start to its end; the browser platform asks for
 * `navigator.wakeLock` and again each time the page becomes visible, and releases it at the end.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPlatform } from '../../../../widget/src/core/platform.ts';
import { flush } from '../../../fixtures/fake-call.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { makeClient, webCall } from './harness.ts';

const server = loopbackForFile(() => {
  vi.restoreAllMocks();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VoiceClient: the screen wake lock', () => {
  it('is held from the call start to its end, not before the call starts', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const { client, factory, platform } = makeClient(server);
    expect(await client.start({ assistantId: 'asst-1' }), 'started').not.toBeNull();
    expect(platform.screenRequests, 'not before the call starts').toBe(0);
    await factory.last.startAssistantAudio();
    expect(platform.screenHolds, 'held once the call started').toBe(1);
    factory.last.receive('listening');
    expect(platform.screenRequests, 'asked once per call').toBe(1);
    await client.stop();
    expect(platform.screenHolds, 'released at the end').toBe(0);
  });

  it('is released when the platform ends the call', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    const { client, factory, platform } = makeClient(server);
    await client.start({ assistantId: 'asst-1' });
    factory.last.receive('listening');
    expect(platform.screenHolds, 'held').toBe(1);
    factory.last.emit('left-meeting', undefined);
    await flush();
    expect(platform.screenHolds, 'released when the call ended').toBe(0);
  });
});

/** A stubbed document and `navigator.wakeLock` that record requests and releases. */
function stubWakeLock(options: { refuse?: boolean } = {}) {
  const listeners = new Set<() => void>();
  const doc = {
    visibilityState: 'visible',
    addEventListener: (_: string, handler: () => void) => listeners.add(handler),
    removeEventListener: (_: string, handler: () => void) => listeners.delete(handler),
  };
  const sentinels: { released: boolean; release(): Promise<void> }[] = [];
  const request = vi.fn(async (type: string) => {
    if (type !== 'screen' || options.refuse) throw new Error('NotAllowedError');
    const sentinel = {
      released: false,
      async release() {
        sentinel.released = true;
      },
    };
    sentinels.push(sentinel);
    return sentinel;
  });
  vi.stubGlobal('document', doc);
  vi.stubGlobal('navigator', { wakeLock: { request } });
  return {
    request,
    sentinels,
    listeners,
    /** The page is hidden (the browser releases the lock) and shown again. */
    show(state: 'visible' | 'hidden') {
      doc.visibilityState = state;
      if (state === 'hidden') for (const s of sentinels) s.released = true;
      for (const handler of [...listeners]) handler();
    },
  };
}

describe('browserPlatform.keepScreenOn', () => {
  it('asks for a screen lock, asks again when the page is visible again, releases it at the end', async () => {
    const lock = stubWakeLock();
    const release = browserPlatform.keepScreenOn!();
    await flush();
    expect(lock.request.mock.calls, 'a screen lock asked at once').toEqual([['screen']]);
    lock.show('hidden');
    await flush();
    expect(lock.request, 'not asked while hidden').toHaveBeenCalledTimes(1);
    lock.show('visible');
    await flush();
    expect(lock.request, 'asked again once visible').toHaveBeenCalledTimes(2);
    release();
    await flush();
    expect(
      lock.sentinels.map((s) => s.released),
      'the held lock released',
    ).toEqual([true, true]);
    expect(lock.listeners.size, 'no visibility listener left').toBe(0);
    lock.show('visible');
    await flush();
    expect(lock.request, 'never asked after the end').toHaveBeenCalledTimes(2);
  });

  it('a refused lock is no error, and a browser without wake locks is a no-op', async () => {
    stubWakeLock({ refuse: true });
    const release = browserPlatform.keepScreenOn!();
    await flush();
    release();
    vi.stubGlobal('navigator', {});
    expect(() => browserPlatform.keepScreenOn!()(), 'no wake lock API: nothing happens').not.toThrow();
  });
});
