// @vitest-environment happy-dom
/**
 * The owners' latency readout (issue 38, `debug-latency`): off by default; with the attribute, a
 * line in the card fed by the call's `ringwise-latency` figures (core/latency.ts).
 */
import { afterEach, expect, test, vi } from 'vitest';
import { latencyText } from '../../../../widget/src/card/record/latency-readout.ts';
import { flush, mount, open, type } from '../element/harness.ts';

afterEach(() => document.body.replaceChildren());

const VOICE = { 'public-key': 'pk', 'assistant-id': 'a' };
const readout = (shadow: ShadowRoot) => shadow.querySelector('[part=latency-readout]');

test('the text: first audio, the last turn and the median, "–" until measured', () => {
  expect(latencyText(null)).toBe('First audio – · last – · p50 – (0 turns)');
  expect(latencyText({ firstAudioMs: 1234, turnsMs: [640, 900, 710], turnLatencyP50Ms: 710 })).toBe(
    'First audio 1234 ms · last 710 ms · p50 710 ms (3 turns)',
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
  expect(line.textContent).toBe('First audio 812 ms · last 640 ms · p50 640 ms (2 turns)');
});

test('the line fits one line of the 380 px card, and the menu’s status line goes under it, never over it', async () => {
  // Four-digit figures and many turns: at 11 px the UI font's even digits are about 6 px wide, so
  // 356 px of line hold about 59 characters (the screenshots in /work/shots/email check the rest).
  const longest = latencyText({ firstAudioMs: 9999, turnsMs: Array(99).fill(9999), turnLatencyP50Ms: 9999 });
  expect(longest.length).toBeLessThanOrEqual(59);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => {} }, configurable: true });
  const mounted = await mount({ ...VOICE, mode: 'chat', 'debug-latency': '' });
  await open(mounted);
  const line = await vi.waitFor(() => readout(mounted.shadow)!);
  type(mounted.shadow, 'Hi');
  await flush();
  mounted.shadow.querySelector<HTMLElement>('[part=menu-button]')!.click();
  await vi.waitFor(() => expect(mounted.shadow.querySelector('[role=menu]:not([hidden])')).not.toBeNull());
  const status = mounted.shadow.querySelector('[part=record-status]')!;
  expect(line.nextElementSibling, 'the status follows the line (in the flow: menu.css .rl + .rs)').toBe(status);
});
