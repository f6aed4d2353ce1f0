/**
 * The echo guard (issue 37, item 3): the risky setup from the devices' labels, and the pattern of
 * the assistant cut by "the visitor's voice" soon after its own start with a quiet microphone.
 */
import { describe, expect, it } from 'vitest';
import {
  ECHO_QUIET_PEAK,
  ECHO_WINDOW_MS,
  EchoGuard,
  echoSetup,
  type DeviceLabel,
} from '../../../../widget/src/conversation/echo-guard.ts';

const mic = (label: string, deviceId = 'default'): DeviceLabel => ({ kind: 'audioinput', deviceId, label });
const out = (label: string, deviceId = 'default'): DeviceLabel => ({ kind: 'audiooutput', deviceId, label });

describe('echoSetup', () => {
  it('built-in speakers and microphone are risky, in the OS spellings', () => {
    const cases: DeviceLabel[][] = [
      [mic('Default - MacBook Pro Microphone (Built-in)'), out('Default - MacBook Pro Speakers (Built-in)')],
      [mic('Microphone Array (Realtek(R) Audio)'), out('Speakers (Realtek(R) Audio)')],
      [mic('Built-in Audio Analog Stereo'), out('Built-in Audio Analog Stereo')],
      [mic('Mikrofonarray (Intel® Smart Sound)'), out('Lautsprecher (Realtek High Definition Audio)')],
      [mic('Réseau de microphones'), out('Haut-parleurs (Realtek(R) Audio)')],
      [mic('Altavoces (Realtek(R) Audio)')],
      [mic('iPhone Microphone')],
    ];
    for (const devices of cases) expect(echoSetup(devices, null, null), devices[0]!.label).toBe('risky');
  });

  it('a headset, headphones, AirPods or a Bluetooth device is safe, even beside built-in parts', () => {
    const cases: DeviceLabel[][] = [
      [mic('MacBook Pro Microphone (Built-in)'), out('AirPods Pro')],
      [mic('Headset Microphone (Jabra Evolve2 30)'), out('Speakers (Realtek(R) Audio)')],
      [mic('Built-in Audio Analog Stereo'), out('WH-1000XM4 (Bluetooth)')],
      [mic('Micro du casque'), out('Casque (USB Audio)')],
      [mic('Kopfhörer-Mikrofon'), out('Kopfhörer (USB)')],
      [mic('Auriculares Bluetooth')],
    ];
    for (const devices of cases) expect(echoSetup(devices, null, null), devices[1]?.label).toBe('safe');
  });

  it('hidden labels (before the permission) and unknown devices are unknown, never risky', () => {
    expect(echoSetup([mic(''), out('')], null, null)).toBe('unknown');
    expect(echoSetup([mic('MacBook Pro Microphone'), out('')], null, null), 'one hidden').toBe('unknown');
    expect(echoSetup([], null, null), 'none listed').toBe('unknown');
    expect(echoSetup([mic('Blue Yeti'), out('DELL U2720Q')], null, null)).toBe('unknown');
  });

  it('reads the devices in use: the chosen ids, else the default, else the first', () => {
    const devices = [
      mic('MacBook Pro Microphone', 'default'),
      mic('Jabra Headset', 'jabra'),
      out('MacBook Pro Speakers', 'default'),
      out('AirPods', 'pods'),
    ];
    expect(echoSetup(devices, null, null)).toBe('risky');
    expect(echoSetup(devices, 'jabra', null), 'the headset microphone').toBe('safe');
    expect(echoSetup(devices, null, 'pods'), 'the AirPods').toBe('safe');
    expect(echoSetup([mic('MacBook Pro Microphone', 'a1'), out('Speakers', 'b1')], null, null), 'no default').toBe(
      'risky',
    );
  });
});

describe('EchoGuard', () => {
  const quiet = ECHO_QUIET_PEAK / 10;

  it('on a risky setup, the pattern once says the hint, once per call', () => {
    const guard = new EchoGuard();
    guard.setup = 'risky';
    guard.speechStart(1000);
    expect(guard.cut(1200, quiet), 'cut 200 ms after its start, quiet microphone').toBe(true);
    guard.speechStart(5000);
    expect(guard.cut(5200, quiet), 'said once').toBe(false);
    expect(guard.seen).toBe(2);
  });

  it('on an unknown or safe setup, the pattern twice says it', () => {
    for (const setup of ['unknown', 'safe'] as const) {
      const guard = new EchoGuard();
      guard.setup = setup;
      guard.speechStart(0);
      expect(guard.cut(300, quiet), `${setup}: the first`).toBe(false);
      guard.speechStart(4000);
      expect(guard.cut(4300, 0), `${setup}: the second`).toBe(true);
    }
  });

  it('a late cut, a loud microphone, an unread one or no speech start is no pattern', () => {
    const guard = new EchoGuard();
    guard.setup = 'risky';
    guard.speechStart(0);
    expect(guard.cut(ECHO_WINDOW_MS + 1, quiet), 'late: the visitor answered').toBe(false);
    guard.speechStart(10_000);
    expect(guard.cut(10_200, ECHO_QUIET_PEAK), 'the visitor spoke').toBe(false);
    guard.speechStart(20_000);
    expect(guard.cut(20_200, null), 'unread').toBe(false);
    expect(guard.cut(20_300, quiet), 'the start was used by the last cut').toBe(false);
    expect(guard.seen).toBe(0);
    guard.speechStart(30_000);
    expect(guard.cut(30_000 + ECHO_WINDOW_MS, quiet), 'at the window’s end').toBe(true);
  });
});
