import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  isJavaScript,
  CALL_MACHINE_HOST,
  callMachineVersion,
  hostResolverRule,
  standInBrowserArgs,
  isCallMachinePath,
  parseReadyMessage,
  READY_MESSAGE,
  syntheticCallMachine,
} from '../../../bench/lib/call-machine.ts';
import { EXTERNAL_URL, EXTERNAL_URL_BUT_CALL_MACHINE, isDailyUrl, routeDecision } from '../../../bench/lib/network.ts';

const BUNDLE = 'https://c.daily.co/call-machine/versioned/0.92.2/static/call-machine-object-bundle.js';

describe("the call machine's URL and the stand-in's rewriting", () => {
  it('reads the daily-js version of every call-machine URL the subjects form, and nothing else', () => {
    expect(callMachineVersion(BUNDLE)).toBe('0.92.2');
    expect(callMachineVersion(BUNDLE.replace('0.92.2', '0.84.0'))).toBe('0.84.0');
    expect(callMachineVersion(BUNDLE.replace('c.daily.co', 'c.dailywebrtc.com'))).toBe('0.92.2');
    expect(callMachineVersion(BUNDLE.replace('https:', 'http:')), 'https only').toBeNull();
    expect(callMachineVersion(BUNDLE.replace('c.daily.co', 'c.daily.co.example'))).toBeNull();
    expect(callMachineVersion(BUNDLE.replace('object-bundle', 'other-bundle'))).toBeNull();
    expect(callMachineVersion('not a url')).toBeNull();
    expect(isCallMachinePath(new URL(BUNDLE).pathname)).toBe(true);
    expect(isCallMachinePath('/call-machine/versioned/0.92.2/static/audio-processor-bundle.js')).toBe(false);
  });

  it('sends c.daily.co, and only it, to the stand-in port', () => {
    expect(hostResolverRule(4601)).toBe(`MAP ${CALL_MACHINE_HOST} 127.0.0.1:4601`);
    expect(() => hostResolverRule(0)).toThrow(RangeError);
    expect(() => hostResolverRule(70_000)).toThrow(RangeError);
    expect(standInBrowserArgs(4601)).toEqual([
      `--host-resolver-rules=MAP ${CALL_MACHINE_HOST} 127.0.0.1:4601`,
      '--ignore-certificate-errors',
    ]);
    expect(() => standInBrowserArgs(0)).toThrow(RangeError);
  });

  it('lets the call-machine bundle go out unrouted with the stand-in on, and aborts it without', () => {
    const cases: Array<[string, ReturnType<typeof routeDecision>]> = [
      [BUNDLE, 'continue'],
      [BUNDLE + '?v=1', 'continue'],
      [BUNDLE.replace('https://c.daily.co', 'https://c.daily.co:443'), 'continue'],
      [BUNDLE.replace('https:', 'http:'), 'abort-daily'],
      [BUNDLE.replace('c.daily.co', 'c.dailywebrtc.com'), 'abort-daily'],
      [BUNDLE.replace('object-bundle.js', 'object-bundle.jsx'), 'abort-daily'],
      ['https://c.daily.co/call-machine/versioned/0.92.2/static/audio-processor-bundle.js', 'abort-daily'],
      ['https://ringwise-bench.daily.co/bench-room', 'abort-daily'],
      ['https://api.vapi.ai/call/web', 'provider'],
      ['http://127.0.0.1:4601/x', 'continue'],
      ['https://example.com/call-machine/versioned/1/static/call-machine-object-bundle.js', 'abort-other'],
    ];
    for (const [url, decision] of cases) {
      expect(routeDecision(url, true), url).toBe(decision);
      expect(EXTERNAL_URL_BUT_CALL_MACHINE.test(url), `pattern agrees: ${url}`).toBe(decision !== 'continue');
    }
    expect(routeDecision(BUNDLE), 'without the stand-in').toBe('abort-daily');
    expect(EXTERNAL_URL.test(BUNDLE)).toBe(true);
    expect(isDailyUrl(BUNDLE), "the call machine's request is Daily's").toBe(true);
    expect(isDailyUrl('https://api.vapi.ai/call/web')).toBe(false);
  });
});

describe('JavaScript after the click', () => {
  it("counts the call machine however daily-js fetched it (a peer's Fetch, our Script), and no other fetch", () => {
    const bundle = 'https://c.daily.co/call-machine/versioned/0.87.0/static/call-machine-object-bundle.js';
    expect(isJavaScript('Fetch', bundle), "a peer's call machine, fetched and run with eval").toBe(true);
    expect(isJavaScript('Script', bundle), 'ours, a script tag (avoidEval)').toBe(true);
    expect(isJavaScript('Script', 'http://127.0.0.1:4000/w/voice-widget.js'), 'any script').toBe(true);
    expect(isJavaScript('Fetch', 'http://127.0.0.1:4000/call/web'), 'the POST is no JavaScript').toBe(false);
    expect(isJavaScript(undefined, 'https://c.daily.co/other.js'), 'another file on the CDN').toBe(false);
  });
});

describe('the synthetic call machine', () => {
  it('has the stated gzip size within 1 %, the same bytes every time', () => {
    const a = syntheticCallMachine(50_000);
    expect(Math.abs(a.gzip.byteLength - 50_000)).toBeLessThanOrEqual(500);
    expect(gunzipSync(a.gzip).equals(a.raw)).toBe(true);
    expect(syntheticCallMachine(50_000).raw.equals(a.raw), 'seeded').toBe(true);
    expect(syntheticCallMachine(50_000, 1).raw.equals(a.raw), 'another seed, other bytes').toBe(false);
    expect(() => syntheticCallMachine(5_000)).toThrow(RangeError);
  });

  it("takes daily-js's waiting call clients and tells the bench when it is asked to join, once", () => {
    const source = syntheticCallMachine(20_000).raw.toString();
    const listeners: Array<(e: { data: unknown }) => void> = [];
    const told: string[] = [];
    const window = { _daily: { pendings: ['client-1'], instances: { 'client-1': {} as Record<string, unknown> } } };
    const run = new Function('window', 'addEventListener', 'console', 'performance', source);
    let clock = 0;
    run(
      window,
      (type: string, listener: (e: { data: unknown }) => void) => type === 'message' && listeners.push(listener),
      { debug: (...parts: unknown[]) => told.push(parts.join(' ')) },
      { timeOrigin: 1000, now: () => ++clock },
    );
    expect(window._daily.pendings, 'taken').toEqual([]);
    expect(typeof (window._daily.instances['client-1']!.callMachine as { reset: unknown }).reset).toBe('function');
    const post = (data: unknown) => listeners.forEach((l) => l({ data }));
    post({ what: 'iframe-call-message', from: 'module', action: 'load-attempt', callClientId: 'client-1' });
    post({ what: 'iframe-call-message', from: 'embedded', action: 'join-meeting' });
    expect(told, 'only daily-js asking to join counts').toEqual([]);
    post({ what: 'iframe-call-message', from: 'module', action: 'join-meeting', callClientId: 'client-1' });
    post({ what: 'iframe-call-message', from: 'module', action: 'join-meeting', callClientId: 'client-1' });
    expect(told).toHaveLength(1);
    const report = parseReadyMessage(told[0]!);
    expect(report).not.toBeNull();
    expect(report!.startedAt).toBeLessThan(report!.ranAt);
    expect(report!.ranAt).toBeLessThan(report!.at);
  });

  it('reads only its own console message', () => {
    expect(parseReadyMessage(`${READY_MESSAGE} 3 1 2`)).toEqual({ at: 3, startedAt: 1, ranAt: 2 });
    expect(parseReadyMessage(`${READY_MESSAGE} 3 1`)).toBeNull();
    expect(parseReadyMessage(`${READY_MESSAGE} x 1 2`)).toBeNull();
    expect(parseReadyMessage('__bench_room_join 3')).toBeNull();
  });
});
