/**
 * The audio settings of a call, framework-free (the card's settings panel renders `state`):
 * the microphones and speakers the browser lists (again on every `devicechange`), the chosen ones
 * (used at once through the voice client, remembered for the origin in localStorage: device ids
 * only), the assistant's volume, and a microphone that disappears mid-call (unplugged): the call
 * moves to another one, mute kept, and `lost` asks the panel for a sentence and the picker.
 * Browser objects arrive through small ports, so tests pass fakes.
 */
import type { VoiceClientPort } from './engine-port.ts';
import { LOG_PREFIX } from '../core/log.ts';

/** The part of `navigator.mediaDevices` the settings use. */
export interface MediaDevicesLike {
  enumerateDevices(): Promise<readonly { readonly deviceId: string; readonly kind: string; readonly label: string }[]>;
  addEventListener(type: 'devicechange', listener: () => void): void;
  removeEventListener(type: 'devicechange', listener: () => void): void;
}

/** The part of `localStorage` the settings use. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The voice client's audio methods (optional on the port: an older engine file has none). */
export type AudioClient = Pick<VoiceClientPort, 'setInputDevice' | 'getInputDevice' | 'setOutputDevice' | 'setVolume'>;

/** One device the browser lists; `label` is empty before the microphone permission. */
export interface DeviceOption {
  readonly id: string;
  readonly label: string;
}

/** What the panel shows. A new object on every change. */
export interface AudioSettingsState {
  readonly inputs: readonly DeviceOption[];
  readonly outputs: readonly DeviceOption[];
  /** The microphone in use (or chosen), or null when unknown. */
  readonly input: string | null;
  /** The chosen speaker, or null for the browser's default. */
  readonly output: string | null;
  /** Whether the browser can route the assistant's audio (`setSinkId`): else no speaker picker. */
  readonly canPickOutput: boolean;
  /** The assistant's volume, 0–100 %. */
  readonly volume: number;
  /** The microphone in use disappeared (unplugged) during the call. */
  readonly lost: boolean;
  /** The last choice could not be used (the device is gone or busy). */
  readonly failed: 'input' | 'output' | null;
}

/** The localStorage key of the chosen devices (one per origin: device ids are per origin). */
export const AUDIO_STORAGE_KEY = 'ringwise-audio-devices';

/** Options of `AudioSettings`. */
export interface AudioSettingsOptions {
  /** `navigator.mediaDevices`, or null where there is none (then only the volume is offered). */
  devices: MediaDevicesLike | null;
  /** The live voice client, or null. */
  client: () => AudioClient | null;
  /** `localStorage`, or null where it is blocked (nothing is remembered then). */
  storage: StorageLike | null;
  /** Whether the browser routes output (`'setSinkId' in HTMLMediaElement.prototype`). */
  canPickOutput: boolean;
  /** The state changed. */
  onChange(state: AudioSettingsState): void;
}

interface Remembered {
  input?: string;
  output?: string;
}

/** The audio settings of one card. `attach()` when a call starts, `detach()` when it ends. */
export class AudioSettings {
  #state: AudioSettingsState;
  readonly #options: AudioSettingsOptions;
  #attached = false;
  readonly #changed = () => void this.refresh();

  /** @param options The ports and the change listener. */
  constructor(options: AudioSettingsOptions) {
    this.#options = options;
    this.#state = {
      inputs: [],
      outputs: [],
      input: null,
      output: null,
      canPickOutput: options.canPickOutput,
      volume: 100,
      lost: false,
      failed: null,
    };
  }

  /** The current state. */
  get state(): AudioSettingsState {
    return this.#state;
  }

  /** Starts following the devices (a call started): lists them and applies the remembered choice. */
  async attach(): Promise<void> {
    if (!this.#attached) this.#options.devices?.addEventListener('devicechange', this.#changed);
    this.#attached = true;
    const client = this.#options.client();
    if (this.#state.volume !== 100) client?.setVolume?.(this.#state.volume / 100);
    await this.refresh();
  }

  /** Stops following the devices (the call ended or the card went away). */
  detach(): void {
    this.#options.devices?.removeEventListener('devicechange', this.#changed);
    this.#attached = false;
    this.#set({ lost: false, failed: null });
  }

  /**
   * Lists the devices again. A remembered microphone or speaker that is present is used; the
   * microphone in use gone from the list moves the call to the browser's default (or the first
   * one) and sets `lost`.
   */
  async refresh(): Promise<void> {
    const list = await this.#options.devices?.enumerateDevices().catch(() => null);
    if (!list || !this.#attached) return;
    const pick = (kind: string) =>
      list.filter((d) => d.kind === kind && d.deviceId).map(({ deviceId, label }) => ({ id: deviceId, label }));
    const inputs = pick('audioinput');
    const outputs = pick('audiooutput');
    const has = (options: readonly DeviceOption[], id: string | null | undefined): id is string =>
      !!id && options.some((d) => d.id === id);
    const client = this.#options.client();
    const saved = this.#remembered();
    const { input: was, inputs: before } = this.#state;
    const live = (await client?.getInputDevice?.().catch(() => null)) ?? null;
    this.#set({ inputs, outputs });
    // The microphone in use was listed and is not any more: unplugged.
    const gone = has(before, was) && !has(inputs, was);
    if (!inputs.length) {
      // Before the permission the browser lists no ids: nothing can be checked or applied yet.
      if (gone) this.#set({ lost: true, input: null });
      return;
    }
    if (gone) {
      // The engine may have moved on by itself; else the default (or the first) keeps the call going.
      const next = has(inputs, live) && live !== was ? live : (inputs.find((d) => d.id === 'default') ?? inputs[0]!).id;
      this.#set({ lost: true, input: next });
      if (next !== live) await this.#use('input', next, false);
    } else if (has(inputs, saved.input) && saved.input !== live) await this.#use('input', saved.input, false);
    else this.#set({ input: live ?? was });
    if (has(outputs, saved.output) && this.#state.canPickOutput) await this.#use('output', saved.output, false);
  }

  /** The visitor chose a microphone: used at once (mute kept) and remembered. */
  chooseInput(deviceId: string): Promise<void> {
    return this.#use('input', deviceId, true);
  }

  /** The visitor chose a speaker: the assistant plays there at once; remembered. */
  chooseOutput(deviceId: string): Promise<void> {
    return this.#use('output', deviceId, true);
  }

  /** The assistant's volume, 0–100 % (clamped, rounded). */
  setVolume(percent: number): void {
    if (!Number.isFinite(percent)) return;
    const volume = Math.round(Math.min(100, Math.max(0, percent)));
    this.#options.client()?.setVolume?.(volume / 100);
    this.#set({ volume });
  }

  async #use(kind: 'input' | 'output', id: string, chosen: boolean): Promise<void> {
    const client = this.#options.client();
    this.#set({ [kind]: id, failed: null, ...(chosen && kind === 'input' && { lost: false }) });
    try {
      await (kind === 'input' ? client?.setInputDevice?.(id) : client?.setOutputDevice?.(id));
    } catch (error) {
      console.error(`${LOG_PREFIX} audio device`, error);
      this.#set({ failed: kind });
      return;
    }
    if (chosen) this.#remember({ ...this.#remembered(), [kind]: id });
  }

  #remembered(): Remembered {
    try {
      const value = JSON.parse(this.#options.storage?.getItem(AUDIO_STORAGE_KEY) ?? '{}') as Remembered | null;
      const id = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
      return { input: id(value?.input), output: id(value?.output) };
    } catch {
      return {};
    }
  }

  #remember(value: Remembered): void {
    try {
      this.#options.storage?.setItem(AUDIO_STORAGE_KEY, JSON.stringify(value));
    } catch {
      // Storage full or blocked: the choice holds for this page only.
    }
  }

  #set(patch: Partial<AudioSettingsState>): void {
    this.#state = { ...this.#state, ...patch };
    this.#options.onChange(this.#state);
  }
}
