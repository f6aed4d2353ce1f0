/**
 * The browser platform, against stubbed browser globals (this file runs in Node): microphone
 * request paths, mobile detection, detached audio players and the page-hide listener.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPlatform } from '../../../../widget/src/core/platform.ts';
import { FakeTrack } from '../../../fixtures/fake-call.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubBrowser(options: {
  getUserMedia?: () => Promise<{ getTracks(): FakeTrack[] }>;
  allowsMicrophone?: boolean;
  userAgent?: string;
  maxTouchPoints?: number;
}) {
  vi.stubGlobal('navigator', {
    userAgent: options.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    maxTouchPoints: options.maxTouchPoints ?? 0,
    mediaDevices: options.getUserMedia ? { getUserMedia: options.getUserMedia } : undefined,
  });
  vi.stubGlobal('document', {
    featurePolicy:
      options.allowsMicrophone === undefined
        ? undefined
        : { allowsFeature: (feature: string) => feature !== 'microphone' || options.allowsMicrophone },
  });
}

describe('browserPlatform.requestMicrophone', () => {
  it('asks getUserMedia for audio only and returns the granted tracks', async () => {
    const track = new FakeTrack();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [track] }));
    stubBrowser({ getUserMedia, allowsMicrophone: true });
    expect(await browserPlatform.requestMicrophone(), 'tracks').toEqual([track]);
    expect(getUserMedia, 'audio only').toHaveBeenCalledWith({ audio: true });
  });

  it('rejects with SecurityError without mediaDevices (insecure page)', async () => {
    stubBrowser({});
    await expect(browserPlatform.requestMicrophone(), 'insecure context').rejects.toMatchObject({
      name: 'SecurityError',
    });
  });

  it('rejects with SecurityError, without prompting, when the permissions policy blocks the microphone', async () => {
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [] }));
    stubBrowser({ getUserMedia, allowsMicrophone: false });
    await expect(browserPlatform.requestMicrophone(), 'policy block').rejects.toMatchObject({ name: 'SecurityError' });
    expect(getUserMedia, 'no prompt').not.toHaveBeenCalled();
  });

  it('adopts a request in flight (asked at the click) instead of prompting again', async () => {
    const track = new FakeTrack();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [] }));
    stubBrowser({ getUserMedia, allowsMicrophone: true });
    expect(
      await browserPlatform.requestMicrophone(Promise.resolve({ getTracks: () => [track] })),
      'its tracks',
    ).toEqual([track]);
    expect(getUserMedia, 'no second prompt').not.toHaveBeenCalled();
  });

  it('a request in flight on a page whose policy blocks the microphone: SecurityError as without it, and its stream stopped', async () => {
    const track = new FakeTrack();
    stubBrowser({ getUserMedia: async () => ({ getTracks: () => [] }), allowsMicrophone: false });
    await expect(
      browserPlatform.requestMicrophone(Promise.resolve({ getTracks: () => [track] })),
      'policy block',
    ).rejects.toMatchObject({ name: 'SecurityError' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(track.readyState, 'not left open').toBe('ended');
  });

  it('passes the browser rejection through (its name decides the error type)', async () => {
    const denied = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    stubBrowser({ getUserMedia: () => Promise.reject(denied) });
    await expect(browserPlatform.requestMicrophone(), 'denied').rejects.toBe(denied);
  });
});

describe('browserPlatform.isMobile', () => {
  const cases: [string, string, number, boolean][] = [
    ['Android phone', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', 5, true],
    ['iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148', 5, true],
    ['iPadOS (desktop UA with touch)', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5, true],
    ['Mac desktop', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0, false],
    ['Linux desktop', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0', 0, false],
  ];
  for (const [label, userAgent, maxTouchPoints, mobile] of cases) {
    it(`${label}: ${mobile}`, () => {
      stubBrowser({ userAgent, maxTouchPoints });
      expect(browserPlatform.isMobile(), label).toBe(mobile);
    });
  }
});

describe('browserPlatform.createAudioPlayer and onPageHide', () => {
  it('plays a track in a detached audio element and releases it on stop', async () => {
    const elements: { autoplay: boolean; srcObject: unknown; paused: boolean }[] = [];
    vi.stubGlobal(
      'Audio',
      class {
        autoplay = false;
        srcObject: unknown = null;
        paused = true;
        constructor() {
          elements.push(this);
        }
        async play() {
          this.paused = false;
        }
        pause() {
          this.paused = true;
        }
      },
    );
    vi.stubGlobal(
      'MediaStream',
      class {
        readonly tracks: unknown[];
        constructor(tracks: unknown[]) {
          this.tracks = tracks;
        }
      },
    );
    const track = new FakeTrack();
    const player = browserPlatform.createAudioPlayer(track);
    await player.play();
    expect(elements, 'one element').toHaveLength(1);
    expect(elements[0]?.autoplay, 'autoplay').toBe(true);
    expect(elements[0]?.srcObject, 'the track as the source').toEqual({ tracks: [track] });
    expect(elements[0]?.paused, 'playing').toBe(false);
    player.stop();
    expect(elements[0]?.paused, 'paused').toBe(true);
    expect(elements[0]?.srcObject, 'source released').toBeNull();
  });

  it('mutes and unmutes the element itself (Stop: iOS ignores an element’s volume, not `muted`)', () => {
    const elements: { muted: boolean; volume: number }[] = [];
    vi.stubGlobal('MediaStream', class {});
    vi.stubGlobal(
      'Audio',
      class {
        muted = false;
        volume = 1;
        constructor() {
          elements.push(this);
        }
      },
    );
    const player = browserPlatform.createAudioPlayer(new FakeTrack());
    player.setMuted!(true);
    expect(elements[0], 'muted, the volume untouched').toMatchObject({ muted: true, volume: 1 });
    player.setMuted!(false);
    expect(elements[0]?.muted, 'playing again').toBe(false);
  });

  it('routes output with setSinkId where the audio element has it, and offers none where it has not (Safari)', async () => {
    const sinks: string[] = [];
    vi.stubGlobal('MediaStream', class {});
    vi.stubGlobal('Audio', class {});
    expect(browserPlatform.createAudioPlayer(new FakeTrack()).setSinkId, 'none without setSinkId').toBeUndefined();
    vi.stubGlobal(
      'Audio',
      class {
        async setSinkId(id: string) {
          sinks.push(id);
        }
      },
    );
    await browserPlatform.createAudioPlayer(new FakeTrack()).setSinkId?.('speakers-2');
    expect(sinks, 'the element was routed').toEqual(['speakers-2']);
  });

  it('adds and removes one pagehide listener', () => {
    const listeners = new Set<unknown>();
    vi.stubGlobal(
      'addEventListener',
      (type: string, handler: unknown) => type === 'pagehide' && listeners.add(handler),
    );
    vi.stubGlobal(
      'removeEventListener',
      (type: string, handler: unknown) => type === 'pagehide' && listeners.delete(handler),
    );
    const handler = () => {};
    const remove = browserPlatform.onPageHide(handler);
    expect([...listeners], 'registered').toEqual([handler]);
    remove();
    expect(listeners.size, 'removed').toBe(0);
  });
});
