import { describe, expect, it } from 'vitest';
import {
  cdpConditions,
  EXTERNAL_URL,
  NETWORK_PROFILES,
  PLATFORM_API_ORIGIN,
  recordTransfers,
  routeDecision,
  splitTransfers,
  type TransferSamples,
} from '../../../bench/lib/network.ts';
import { DEFAULT_API_BASE_URL } from '../../../widget/src/api/constants.ts';

describe('network profiles', () => {
  it('are the three the issue sets, in bits per second', () => {
    expect(NETWORK_PROFILES.map((p) => [p.id, p.latencyMs, p.downloadBps, p.uploadBps])).toEqual([
      ['none', 0, 0, 0],
      ['fast-mobile', 40, 9_000_000, 1_500_000],
      ['slow-mobile', 150, 1_600_000, 750_000],
    ]);
  });

  it('become DevTools parameters in bytes per second; none emulates nothing', () => {
    const [none, fast, slow] = NETWORK_PROFILES;
    expect(cdpConditions(none!)).toBeNull();
    expect(cdpConditions(fast!)).toEqual({
      offline: false,
      latency: 40,
      downloadThroughput: 1_125_000,
      uploadThroughput: 187_500,
    });
    expect(cdpConditions(slow!)).toEqual({
      offline: false,
      latency: 150,
      downloadThroughput: 200_000,
      uploadThroughput: 93_750,
    });
    expect(
      cdpConditions({
        id: 'fast-mobile',
        label: 'latency only',
        short: 'latency only',
        latencyMs: 40,
        downloadBps: 0,
        uploadBps: 0,
      }),
      '-1 = not throttled',
    ).toEqual({
      offline: false,
      latency: 40,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  });
});

describe('sample routing', () => {
  const cases: Array<[string, ReturnType<typeof routeDecision>]> = [
    ['http://127.0.0.1:40123/ours', 'continue'],
    ['http://localhost:4321/voice-widget.js', 'continue'],
    ['http://[::1]:8080/x', 'continue'],
    ['https://api.vapi.ai/call/web', 'provider'],
    ['https://api.vapi.ai/chat/web?x=1', 'provider'],
    ['https://c.daily.co/call-machine/versioned/0.1/static/call-machine-object-bundle.js', 'abort-daily'],
    ['https://gs.daily.co/rooms/check/bench', 'abort-daily'],
    ['https://daily.co/', 'abort-daily'],
    ['https://c.dailywebrtc.com/call-machine/bundle.js', 'abort-daily'],
    ['https://c.dailywebrtc.net/call-machine/bundle.js', 'abort-daily'],
    ['https://dailywebrtc.network/x', 'abort-other'],
    ['https://notdaily.co/x', 'abort-other'],
    ['https://api.vapi.ai.evil.example/call/web', 'abort-other'],
    ['http://127.0.0.1.nip.io/x', 'abort-other'],
    ['https://fonts.googleapis.com/css', 'abort-other'],
    ['http://localhost.example.com/', 'abort-other'],
    ['data:text/plain,hi', 'continue'],
  ];

  it.each(cases)('%s → %s', (url, decision) => {
    expect(routeDecision(url)).toBe(decision);
  });

  it.each(cases)('the route pattern matches %s exactly when it is not "continue"', (url, decision) => {
    expect(EXTERNAL_URL.test(url), url).toBe(decision !== 'continue');
  });

  it('answers the platform origin every subject keeps by default: ours', () => {
    expect(PLATFORM_API_ORIGIN).toBe(new URL(DEFAULT_API_BASE_URL).origin);
  });
});

describe('JavaScript bytes around the click', () => {
  it('split by when each file finished: before the click, before the POST, or neither', () => {
    const transfers = [
      { url: 'loader.js', bytes: 5_454, finishedAt: 1_000 },
      { url: 'engine.js', bytes: 4_535, finishedAt: 1_060 },
      { url: 'daily.js', bytes: 72_000, finishedAt: 1_300 },
      { url: 'at-click.js', bytes: 10, finishedAt: 1_050 },
      { url: 'at-post.js', bytes: 1, finishedAt: 1_100 },
    ];
    expect(splitTransfers(transfers, 1_050, 1_100)).toEqual({ beforeClick: 5_454, clickToPost: 4_535 + 10 + 1 });
    expect(splitTransfers([], 1, 2)).toEqual({ beforeClick: 0, clickToPost: 0 });
  });

  it("records each sample's split into the cell, one entry per sample, in order", () => {
    const cell: TransferSamples = { before: [], during: [] };
    recordTransfers(
      cell,
      [
        { url: 'a.js', bytes: 7, finishedAt: 10 },
        { url: 'b.js', bytes: 3, finishedAt: 25 },
      ],
      20,
      30,
    );
    recordTransfers(cell, [], 20, 30);
    expect(cell, 'two samples').toEqual({ before: [7, 0], during: [3, 0] });
  });
});
