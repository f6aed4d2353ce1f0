/**
 * The audio settings' logic: devices listed and followed on devicechange, choices used at once
 * and remembered per origin (device ids only), the volume, and an unplugged microphone.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  AUDIO_STORAGE_KEY,
  AudioSettings,
  type MediaDevicesLike,
  type StorageLike,
} from '../../../../widget/src/conversation/audio-settings.ts';
import { FakeVoiceClient } from '../element/fake-voice-engine.ts';

type Device = { deviceId: string; kind: string; label: string };
const mic = (id: string, label = `Mic ${id}`): Device => ({ deviceId: id, kind: 'audioinput', label });
const speaker = (id: string): Device => ({ deviceId: id, kind: 'audiooutput', label: `Speaker ${id}` });

/** `navigator.mediaDevices` with a list the test changes (`plug`), firing devicechange. */
class FakeMediaDevices implements MediaDevicesLike {
  list: Device[];
  readonly listeners = new Set<() => void>();
  constructor(list: Device[]) {
    this.list = list;
  }
  async enumerateDevices() {
    return this.list.map((d) => ({ ...d }));
  }
  addEventListener(_: 'devicechange', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_: 'devicechange', listener: () => void) {
    this.listeners.delete(listener);
  }
  /** The list changes and the browser says so. */
  plug(list: Device[]) {
    this.list = list;
    for (const listener of [...this.listeners]) listener();
  }
}

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(
  list: Device[],
  options: { storage?: MemoryStorage; canPickOutput?: boolean; live?: string | null } = {},
) {
  const devices = new FakeMediaDevices(list);
  const client = new FakeVoiceClient({ publicKey: 'pk' });
  // The settings follow a call: the client is in one, on the microphone the engine reports.
  client.update({ state: 'active' });
  client.microphone = options.live === undefined ? 'default' : options.live;
  const storage = options.storage ?? new MemoryStorage();
  const changes = vi.fn();
  const settings = new AudioSettings({
    devices,
    client: () => client,
    storage,
    canPickOutput: options.canPickOutput ?? true,
    onChange: changes,
  });
  return { devices, client, storage, settings, changes };
}

describe('AudioSettings', () => {
  it('lists microphones and speakers (no ids before the permission: none), and the one in use', async () => {
    const { settings, devices } = setup([
      mic('default', 'Default'),
      mic('usb'),
      speaker('default'),
      { deviceId: 'cam', kind: 'videoinput', label: 'Cam' },
    ]);
    await settings.attach();
    expect(settings.state.inputs, 'microphones').toEqual([
      { id: 'default', label: 'Default' },
      { id: 'usb', label: 'Mic usb' },
    ]);
    expect(settings.state.outputs, 'speakers').toEqual([{ id: 'default', label: 'Speaker default' }]);
    expect(settings.state.input, 'in use').toBe('default');
    devices.plug([{ deviceId: '', kind: 'audioinput', label: '' }]);
    await settle();
    expect(settings.state.inputs, 'no ids: nothing to pick').toEqual([]);
  });

  it('a chosen microphone reaches the client at once and is remembered (its id only)', async () => {
    const { settings, client, storage } = setup([mic('default'), mic('usb')]);
    await settings.attach();
    await settings.chooseInput('usb');
    expect(client.inputDevices, 'the client switched').toEqual(['usb']);
    expect(settings.state.input, 'shown').toBe('usb');
    expect(JSON.parse(storage.getItem(AUDIO_STORAGE_KEY)!), 'remembered').toEqual({ input: 'usb' });
  });

  it('the remembered microphone and speaker are used in the next call when present, not when absent', async () => {
    const storage = new MemoryStorage();
    storage.setItem(AUDIO_STORAGE_KEY, JSON.stringify({ input: 'usb', output: 'hdmi' }));
    const present = setup([mic('default'), mic('usb'), speaker('hdmi')], { storage });
    await present.settings.attach();
    expect(present.client.inputDevices, 'microphone').toEqual(['usb']);
    expect(present.client.outputDevices, 'speaker').toEqual(['hdmi']);
    const absent = setup([mic('default')], { storage });
    await absent.settings.attach();
    expect(absent.client.inputDevices, 'not plugged in: the default stays').toEqual([]);
    expect(absent.settings.state.input, 'the one in use').toBe('default');
  });

  it('a microphone unplugged mid-call: lost, the call moves to the default, devicechange followed until detach', async () => {
    const { settings, devices, client, storage } = setup([mic('default'), mic('usb')], { live: 'usb' });
    await settings.attach();
    expect(settings.state, 'fine').toMatchObject({ input: 'usb', lost: false });
    devices.plug([mic('default')]);
    await settle();
    expect(settings.state, 'lost, on the default').toMatchObject({ input: 'default', lost: true });
    expect(client.inputDevices, 'the call moved').toEqual(['default']);
    expect(storage.getItem(AUDIO_STORAGE_KEY), 'a move the visitor did not choose is not remembered').toBeNull();
    await settings.chooseInput('default');
    expect(settings.state.lost, 'a choice clears the sentence').toBe(false);
    settings.detach();
    expect(devices.listeners.size, 'no listener left').toBe(0);
  });

  it('the last microphone unplugged: lost with none to use; a plugged-in one is listed again', async () => {
    const { settings, devices, client } = setup([mic('usb')], { live: 'usb' });
    await settings.attach();
    client.microphone = null;
    devices.plug([]);
    await settle();
    expect(settings.state, 'lost, none').toMatchObject({ input: null, lost: true, inputs: [] });
    devices.plug([mic('usb2')]);
    await settle();
    expect(
      settings.state.inputs.map((d) => d.id),
      'listed again',
    ).toEqual(['usb2']);
  });

  it('a device that cannot be used: failed, and not remembered', async () => {
    const { settings, client, storage } = setup([mic('default'), mic('busy'), speaker('gone')]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    client.unplug('busy');
    client.unplug('gone');
    await settings.attach();
    await settings.chooseInput('busy');
    expect(settings.state.failed, 'input').toBe('input');
    await settings.chooseOutput('gone');
    expect(settings.state.failed, 'output').toBe('output');
    expect(storage.getItem(AUDIO_STORAGE_KEY), 'nothing remembered').toBeNull();
    error.mockRestore();
  });

  it('volume: 0–100 % to the client as 0..1, clamped; kept for the next call', async () => {
    const { settings, client } = setup([mic('default')]);
    settings.setVolume(40);
    settings.setVolume(140);
    settings.setVolume(-3);
    settings.setVolume(Number.NaN);
    settings.setVolume(55.4);
    expect(client.volumes, 'as fractions').toEqual([0.4, 1, 0, 0.55]);
    expect(settings.state.volume, 'percent').toBe(55);
    await settings.attach();
    expect(client.volumes.at(-1), 'applied at the call’s start').toBe(0.55);
  });

  it('broken storage and no mediaDevices: the volume still works, nothing throws', async () => {
    const storage: StorageLike = {
      getItem: () => '{not json',
      setItem: () => {
        throw new Error('quota');
      },
    };
    const client = new FakeVoiceClient({ publicKey: 'pk' });
    const settings = new AudioSettings({
      devices: null,
      client: () => client,
      storage,
      canPickOutput: false,
      onChange: () => {},
    });
    await settings.attach();
    await settings.chooseInput('x');
    settings.setVolume(10);
    expect(settings.state, 'no devices, no speaker picker').toMatchObject({
      inputs: [],
      canPickOutput: false,
      volume: 10,
    });
  });
});
