import { describe, expect, it } from 'vitest';
import { OPT_IN_STEPS, parseBenchArgs, STEPS } from '../../../bench/lib/options.ts';

describe('bench command line', () => {
  it('runs every step but the opt-in ones with the defaults', () => {
    const o = parseBenchArgs([]);
    expect([...o.steps]).toEqual(STEPS.filter((s) => !OPT_IN_STEPS.includes(s)));
    expect(OPT_IN_STEPS).toEqual(['click-join', 'markdown']);
    expect(o).toMatchObject({
      samples: 15,
      chatSamples: 8,
      joinSamples: 8,
      runs: 3,
      desktopRuns: 1,
      budget: 285,
      updateBenchmarks: false,
    });
  });

  it('runs click → join when named, with --samples as its rounds when the click bench does not run, and takes `--only x` too', () => {
    const alone = parseBenchArgs(['--only', 'click-join', '--samples', '3']);
    expect([...alone.steps]).toEqual(['click-join']);
    expect(alone).toMatchObject({ joinSamples: 3, budget: 3600 });
    expect(
      parseBenchArgs(['--only=latency,click-join', '--samples=20']).joinSamples,
      "--samples stays the click bench's",
    ).toBe(8);
    expect(parseBenchArgs(['--only=latency,click-join', '--join-samples=4']).joinSamples).toBe(4);
  });

  it('runs only the click → join cells and subjects named, all when none are', () => {
    const o = parseBenchArgs([
      '--only=click-join',
      '--join-cells=slow-mobile-phone/400, fast-mobile/0',
      '--join-subjects',
      'ours,vapi-web',
    ]);
    expect(o.joinCells).toEqual(['slow-mobile-phone/400', 'fast-mobile/0']);
    expect(o.joinSubjects).toEqual(['ours', 'vapi-web']);
    expect(parseBenchArgs(['--only=click-join']), 'absent: every cell and subject').toMatchObject({
      joinCells: undefined,
      joinSubjects: undefined,
    });
    expect(() => parseBenchArgs(['--join-cells=fast/0'])).toThrow(
      '--join-cells=fast/0: unknown fast/0; choose from fast-mobile/0, fast-mobile/400,',
    );
    expect(() => parseBenchArgs(['--join-cells=none/0']), 'loopback is no cell any more').toThrow('unknown none/0');
    expect(() => parseBenchArgs(['--join-subjects=ours,vapi'])).toThrow(
      '--join-subjects=ours,vapi: unknown vapi; choose from ours, ours-intent, vapi-widget, vapi-web.',
    );
    expect(() => parseBenchArgs(['--join-subjects=,'])).toThrow('--join-subjects=,: names none');
  });

  it("sizes the click → ready bench's call machine in kB gzip: 250 unless told, never under 10", () => {
    expect(parseBenchArgs(['--only=click-join']).machineKb).toBe(250);
    expect(parseBenchArgs(['--only=click-join', '--machine-kb', '500']).machineKb).toBe(500);
    expect(() => parseBenchArgs(['--machine-kb=5'])).toThrow('--machine-kb=5: expected a whole number ≥ 10.');
  });

  it('--no-build skips the build; --only picks steps; lighthouse alone gets an hour', () => {
    expect(parseBenchArgs(['--no-build']).steps.has('build')).toBe(false);
    expect([...parseBenchArgs(['--only=latency, chat']).steps]).toEqual(['latency', 'chat']);
    expect(parseBenchArgs(['--only=lighthouse']).budget).toBe(3600);
    expect(parseBenchArgs(['--only=lighthouse', '--budget=100']).budget).toBe(100);
    expect(
      parseBenchArgs(['--samples=30', '--chat-samples=5', '--runs=5', '--desktop-runs=0', '--update-benchmarks']),
    ).toMatchObject({
      samples: 30,
      chatSamples: 5,
      runs: 5,
      desktopRuns: 0,
      updateBenchmarks: true,
    });
  });

  it('stops with one clear sentence on bad input', () => {
    expect(() => parseBenchArgs(['--only=latency,speed'])).toThrow(
      'Unknown step(s) speed: choose from build, js, contact, latency, click-join, chat, markdown, widget, lighthouse.',
    );
    expect(() => parseBenchArgs(['--only='])).toThrow('--only= names no step');
    expect(() => parseBenchArgs(['--samples=ten'])).toThrow('--samples=ten: expected a whole number ≥ 1.');
    expect(() => parseBenchArgs(['--samples=0'])).toThrow('--samples=0: expected a whole number ≥ 1.');
    expect(() => parseBenchArgs(['--runs=2.5'])).toThrow('--runs=2.5: expected a whole number ≥ 1.');
    expect(() => parseBenchArgs(['--desktop-runs=-1'])).toThrow('expected a whole number ≥ 0');
    expect(() => parseBenchArgs(['--sample=3'])).toThrow('Unknown option --sample=3');
    expect(() => parseBenchArgs(['--update'])).toThrow('Unknown option --update');
  });
});
