/**
 * Latency as the visitor hears it (core/latency.ts) against the fake call engine, on a scripted
 * timeline: the platform's clock (`FakePlatform.time`) is moved by the script, the assistant's and
 * the visitor's levels arrive as Daily's observers report them, and the figures must be the
 * script's to the millisecond. No wall clock is read.
 */
import { describe, expect, it, vi } from 'vitest';
import { latencyMeter, percentile, type LatencyFigures } from '../../../../widget/src/core/latency.ts';
import { VoiceClient } from '../../../../widget/src/core/voice-client.ts';
import { ASSISTANT_ID, FakeCallFactory, FakePlatform, flush } from '../../../fixtures/fake-call.ts';
import { loopbackForFile } from '../../../fixtures/loopback-per-file.ts';
import { makeClient, until, webCall } from './harness.ts';

const server = loopbackForFile(() => vi.restoreAllMocks());

const LOUD = { [ASSISTANT_ID]: 0.3 };
const SILENT = { [ASSISTANT_ID]: 0 };

/** A client started at `clickedAt` on the script's clock, the platform clock then at `startAt`. */
async function started(clickedAt: number | undefined, startAt: number, autoplayBlocked = false) {
  server.route('POST', '/call/web', { status: 201, body: webCall() });
  const ctx = makeClient(server);
  ctx.platform.autoplayBlocked = autoplayBlocked;
  ctx.platform.time = startAt;
  const figures: LatencyFigures[] = [];
  ctx.client.on('latency', (f) => figures.push(f));
  const call = await ctx.client.start({ assistantId: 'a1' }, clickedAt === undefined ? {} : { clickedAt });
  expect(call, 'the call started').not.toBeNull();
  return { ...ctx, call: ctx.factory.last, figures };
}

describe('latency as the visitor hears it (scripted timings)', () => {
  it('first audio from the click, then each turn from the visitor’s last speech to the assistant’s next onset', async () => {
    const { client, call, platform, figures, events } = await started(1000, 1040);
    await call.startAssistantAudio();
    platform.time = 1100;
    call.levels(SILENT);
    platform.time = 2234;
    call.levels(LOUD); // greeting heard: 1,234 ms after the click
    platform.time = 3000;
    call.levels(LOUD);
    platform.time = 3100;
    call.levels(SILENT);
    // Turn 1: the visitor speaks 4,000–5,000, a quiet sample after; the assistant answers at 5,640.
    for (const [t, level] of [
      [4000, 0.2],
      [4500, 0.3],
      [5000, 0.2],
      [5100, 0.01],
    ] as const) {
      platform.time = t;
      call.localLevel(level);
    }
    platform.time = 5640;
    call.levels(LOUD);
    platform.time = 6000;
    call.levels(SILENT);
    // Turn 2: the visitor stops at 8,000; the answer comes at 8,900.
    platform.time = 8000;
    call.localLevel(0.4);
    platform.time = 8900;
    call.levels(LOUD);
    // Turn 3: stops at 11,000, answer at 11,710.
    platform.time = 11000;
    call.localLevel(0.4);
    platform.time = 11710;
    call.levels(LOUD);
    platform.time = 12000;
    await client.stop();
    expect(figures.map((f) => f.firstAudioMs)).toEqual([1234, 1234, 1234, 1234, 1234]);
    expect(figures.at(-1), 'the final report').toEqual({
      firstAudioMs: 1234,
      turnLatencyP50Ms: 710,
      turnLatencyP95Ms: 900,
      turnsMs: [640, 900, 710],
      final: true,
    });
    expect(
      figures.filter((f) => f.final),
      'one final report',
    ).toHaveLength(1);
    const names = events.names();
    expect(names.lastIndexOf('latency'), 'the final figures come before call-end').toBe(names.indexOf('call-end') - 1);
  });

  it('counts nothing as heard before a player plays (autoplay blocked), and measures from start() without a click time', async () => {
    const { client, call, platform, figures } = await started(undefined, 500, true);
    await call.startAssistantAudio();
    platform.time = 900;
    call.levels(LOUD); // received, but the browser refused to play it: not heard
    expect(figures, 'nothing heard yet').toEqual([]);
    platform.autoplayBlocked = false;
    platform.time = 1700;
    await client.resumeAudio();
    await flush();
    platform.time = 1800;
    call.levels(LOUD);
    await client.stop();
    expect(figures.at(-1)).toMatchObject({ firstAudioMs: 1300, turnsMs: [], turnLatencyP50Ms: null, final: true });
  });

  it('no turn for the visitor’s voice during the assistant’s speech, nor for a pause shorter than the speech end delay', async () => {
    const { client, call, platform, figures } = await started(0, 0);
    await call.startAssistantAudio();
    platform.time = 1000;
    call.levels(LOUD);
    platform.time = 1300;
    call.localLevel(0.3); // "mhm" while the assistant speaks
    platform.time = 1500;
    call.levels(LOUD); // the assistant goes on: no turn
    platform.time = 2000;
    call.localLevel(0.3);
    platform.time = 2400;
    call.levels(LOUD); // 900 ms after its last audio: still the same speech, no turn
    platform.time = 3000;
    call.localLevel(0.02); // room noise below the speech level
    platform.time = 5000;
    call.levels(LOUD); // a new onset, but the visitor did not speak since the assistant's last audio
    await client.stop();
    expect(figures.at(-1)).toMatchObject({ firstAudioMs: 1000, turnsMs: [] });
  });

  it('asks for the microphone level only while something listens to it or to the latency figures', async () => {
    server.route('POST', '/call/web', { status: 201, body: webCall() });
    // Without the harness's recorder, which listens to every event.
    const factory = new FakeCallFactory();
    const platform = new FakePlatform();
    const plain = new VoiceClient({ publicKey: 'pk', apiBaseUrl: server.url, callFactory: factory, platform });
    await plain.start({ assistantId: 'a1' });
    await flush(50);
    expect(factory.last.localObserverIntervals, 'no listener: no observer').toEqual([]);
    await plain.stop();
    const { call, client } = await started(0, 0);
    await until(() => call.localObserverIntervals.length > 0, 'the local level observer');
    expect(call.localObserverIntervals).toEqual([100]);
    await client.stop();
  });
});

describe('latencyMeter', () => {
  it('percentiles by nearest rank', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(
      percentile(
        [...Array(20).keys()].map((i) => i + 1),
        95,
      ),
    ).toBe(19);
  });

  it('reports nothing after its end, and ends once', () => {
    let t = 0;
    const reports: LatencyFigures[] = [];
    const meter = latencyMeter(
      () => t,
      0,
      (f) => reports.push(f),
    );
    meter.playing();
    meter.end();
    meter.end();
    t = 50;
    meter.remote(1);
    expect(reports).toEqual([
      { firstAudioMs: null, turnLatencyP50Ms: null, turnLatencyP95Ms: null, turnsMs: [], final: true },
    ]);
  });
});
