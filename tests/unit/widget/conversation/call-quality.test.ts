/**
 * The call's quality (issue 37, item 2): Daily's network estimate and reconnecting → a level, and
 * trouble that lasts `TROUBLE_LASTS_MS` → the way out offered (counted on the caller's clock).
 */
import { describe, expect, it } from 'vitest';
import { AUDIO_SILENT_MS, CallQuality, TROUBLE_LASTS_MS } from '../../../../widget/src/conversation/call-quality.ts';

describe('CallQuality', () => {
  it('levels: warning is poor, bad and reconnecting are bad, unknown is no trouble', () => {
    const q = new CallQuality();
    expect(q.network('unknown', 0), 'unchanged').toBeNull();
    expect(q.network('warning', 0)).toEqual({ level: 'poor', reason: 'network', breaking: false });
    expect(q.network('bad', 1)).toEqual({ level: 'bad', reason: 'network', breaking: false });
    expect(q.reconnecting(true, 2)).toEqual({ level: 'bad', reason: 'reconnecting', breaking: false });
    expect(q.reconnecting(false, 3)).toEqual({ level: 'bad', reason: 'network', breaking: false });
    expect(q.network('good', 4)).toEqual({ level: 'good', reason: 'network', breaking: false });
  });

  it('trouble that lasts offers the way out once; a short dip does not', () => {
    const q = new CallQuality();
    q.network('warning', 1000);
    expect(q.at(1000 + TROUBLE_LASTS_MS - 1), 'not yet').toBeNull();
    q.network('good', 1000 + TROUBLE_LASTS_MS - 1);
    q.network('bad', 20_000);
    q.reconnecting(true, 22_000);
    expect(q.at(20_000 + TROUBLE_LASTS_MS - 1)).toBeNull();
    expect(q.at(20_000 + TROUBLE_LASTS_MS), 'counted from the start of the stretch').toEqual({
      level: 'bad',
      reason: 'reconnecting',
      breaking: true,
    });
    expect(q.at(40_000), 'said once').toBeNull();
    expect(q.reconnecting(false, 41_000)?.breaking, 'still in trouble: still offered').toBe(true);
    expect(q.network('good', 42_000)).toEqual({ level: 'good', reason: 'network', breaking: false });
  });

  it('audio: the platform says the assistant speaks, its audio has no level for AUDIO_SILENT_MS: poor', () => {
    const q = new CallQuality();
    expect(q.assistantSpeech(true, 1000), 'just started').toBeNull();
    q.heard(1500);
    expect(q.at(1500 + AUDIO_SILENT_MS - 1), 'heard 1.5 s ago').toBeNull();
    expect(q.at(1500 + AUDIO_SILENT_MS)).toEqual({ level: 'poor', reason: 'audio', breaking: false });
    q.heard(5000);
    expect(q.at(5000), 'the audio arrives again').toEqual({ level: 'good', reason: 'audio', breaking: false });
    expect(q.assistantSpeech(false, 9000), 'it stopped: nothing to hear').toBeNull();
    expect(q.at(20_000), 'silence while it does not speak is no trouble').toBeNull();
    q.assistantSpeech(true, 30_000);
    q.network('bad', 30_000);
    expect(q.at(30_000 + AUDIO_SILENT_MS), 'the network stays the reason').toBeNull();
    expect(q.state).toMatchObject({ level: 'bad', reason: 'network' });
    expect(q.network('good', 40_000), 'still silent, the trouble lasted').toEqual({
      level: 'poor',
      reason: 'audio',
      breaking: true,
    });
  });
});
