// @vitest-environment happy-dom
/**
 * The owners' latency readout (issue 38, `debug-latency`): off by default; with the attribute, a
 * line in the card fed by the call's `ringwise-latency` figures (core/latency.ts).
 */
import { afterEach, expect, test, vi } from 'vitest';
import { latencyText } from '../../../../widget/src/card/record/latency-readout.ts';
import { flush, mount, open } from '../element/harness.ts';

afterEach(() => document.body.replaceChildren());

const VOICE = { 'public-key': 'pk', 'assistant-id': 'a' };
const readout = (shadow: ShadowRoot) => shadow.querySelector('[part=latency-readout]');

test('the text: first audio, the last turn and the median, "–" until measured', () => {
  expect(latencyText(null)).toBe('Latency · first audio – · last turn – · p50 – (0 turns)');
  expect(latencyText({ firstAudioMs: 1234, turnsMs: [640, 900, 710], turnLatencyP50Ms: 710 })).toBe(
    'Latency · first audio 1234 ms · last turn 710 ms · p50 710 ms (3 turns)',
  );
  expect(latencyText({ firstAudioMs: 1234.4, turnsMs: [640], turnLatencyP50Ms: 640 })).toContain('(1 turn)');
});

test('off by default: no line', async () => {
  const mounted = await mount(VOICE);
  await open(mounted);
  await flush();
  expect(readout(mounted.shadow)).toBeNull();
});

test('with debug-latency: the line shows the call’s figures as they come', async () => {
  const mounted = await mount({ ...VOICE, 'debug-latency': '' });
  await open(mounted);
  const line = await vi.waitFor(() => {
    const el = readout(mounted.shadow);
    expect(el).not.toBeNull();
    return el!;
  });
  expect(line.textContent).toBe(latencyText(null));
  const client = mounted.modules.voice.client();
  client.update({ state: 'active' });
  const figures = {
    firstAudioMs: 812,
    turnLatencyP50Ms: 640,
    turnLatencyP95Ms: 900,
    turnsMs: [900, 640],
    final: false,
  };
  client.emit('latency', figures);
  await flush();
  expect(line.textContent).toBe('Latency · first audio 812 ms · last turn 640 ms · p50 640 ms (2 turns)');
});
