/**
 * The microphone sound check's decisions (issue 37, item 2): sample windows → verdict, the
 * devices remembered per site, and when a check is due in a call.
 */
import { describe, expect, it } from 'vitest';
import {
  LISTEN_SILENCE_MS,
  MIC_CHECK_WINDOWS,
  MIC_CHECKED_KEY,
  MicCheckMemory,
  MicCheckSchedule,
  micVerdict,
} from '../../../../widget/src/conversation/mic-check.ts';

const zeros = () => new Float32Array(2048);
const windows = (n: number) => Array.from({ length: n }, zeros);

describe('micVerdict', () => {
  it('a second of exact zeros is silent; less is pending', () => {
    expect(micVerdict([])).toBe('pending');
    expect(micVerdict(windows(MIC_CHECK_WINDOWS - 1))).toBe('pending');
    expect(micVerdict(windows(MIC_CHECK_WINDOWS))).toBe('silent');
  });

  it('one quiet sample anywhere is sound, at once', () => {
    const some = windows(3);
    some[2]![1000] = -3e-5; // one step of a 16-bit converter: the quietest real room
    expect(micVerdict(some)).toBe('sound');
    const late = windows(MIC_CHECK_WINDOWS);
    late[MIC_CHECK_WINDOWS - 1]![5] = 0.2;
    expect(micVerdict(late)).toBe('sound');
  });

  it('float noise below the floor counts as zero', () => {
    const noise = windows(MIC_CHECK_WINDOWS);
    noise[0]![0] = 1e-9;
    expect(micVerdict(noise)).toBe('silent');
  });
});

/** A localStorage stand-in. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('MicCheckMemory', () => {
  it('remembers each microphone that gave sound (null: the default one)', () => {
    const storage = memoryStorage();
    const memory = new MicCheckMemory(storage);
    expect(memory.passed('usb-1')).toBe(false);
    memory.remember('usb-1');
    memory.remember(null);
    expect([memory.passed('usb-1'), memory.passed(null), memory.passed('usb-2')]).toEqual([true, true, false]);
    expect(JSON.parse(storage.items.get(MIC_CHECKED_KEY)!)).toEqual(['usb-1', '']);
  });

  it('keeps the latest eight', () => {
    const memory = new MicCheckMemory(memoryStorage());
    for (let i = 0; i < 10; i++) memory.remember(`mic-${i}`);
    expect([memory.passed('mic-0'), memory.passed('mic-1'), memory.passed('mic-2'), memory.passed('mic-9')]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('a broken or foreign value, or storage that throws, forgets instead of failing', () => {
    expect(new MicCheckMemory(memoryStorage({ [MIC_CHECKED_KEY]: '{not json' })).passed(null)).toBe(false);
    expect(new MicCheckMemory(memoryStorage({ [MIC_CHECKED_KEY]: '{"a":1}' })).passed('a')).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    const memory = new MicCheckMemory(throwing);
    expect(() => memory.remember('x')).not.toThrow();
    expect(memory.passed('x')).toBe(false);
    expect(new MicCheckMemory(null).passed(null)).toBe(false);
  });
});

describe('MicCheckSchedule', () => {
  it('first when "Listening…" first shows, then again after each long silence', () => {
    const schedule = new MicCheckSchedule();
    expect(schedule.observe(false, 0, 0), 'connecting').toBeNull();
    expect(schedule.observe(true, 0, 100)).toBe('first');
    expect(schedule.observe(true, 0, 100 + LISTEN_SILENCE_MS - 1)).toBeNull();
    expect(schedule.observe(true, 0, 100 + LISTEN_SILENCE_MS)).toBe('again');
    expect(schedule.observe(true, 0, 100 + LISTEN_SILENCE_MS + 1), 'once per stretch').toBeNull();
    expect(schedule.observe(true, 0, 100 + 2 * LISTEN_SILENCE_MS)).toBe('again');
  });

  it('the visitor speaking or the assistant talking starts the silence over', () => {
    const schedule = new MicCheckSchedule();
    schedule.observe(true, 0, 0);
    expect(schedule.observe(true, 1, LISTEN_SILENCE_MS - 10), 'the visitor spoke').toBeNull();
    expect(schedule.observe(true, 1, LISTEN_SILENCE_MS + 10)).toBeNull();
    expect(schedule.observe(false, 1, LISTEN_SILENCE_MS + 20), 'the assistant speaks').toBeNull();
    expect(schedule.observe(true, 1, 2 * LISTEN_SILENCE_MS)).toBeNull();
    expect(schedule.observe(true, 1, 3 * LISTEN_SILENCE_MS)).toBe('again');
  });

  it('a new call starts over', () => {
    const schedule = new MicCheckSchedule();
    schedule.observe(true, 0, 0);
    schedule.reset();
    expect(schedule.observe(true, 0, 5)).toBe('first');
  });
});
