/**
 * The drop-in's options, read as `@vapi-ai/web` reads them: its guards against daily-js options that
 * break Chrome 140+ (each warns, as the reference does, and drops or replaces the option), the
 * key-less `fetch`, and the platform the core runs on (the reference's microphone prompt and
 * mobile test).
 */
import { browserPlatform } from '../core/platform.ts';
import type { DailyAdvancedConfig, DailyCall, DailyCallProperties, DailyFactoryOptions } from '../daily/index.ts';

/** The `dailyCallConfig` the constructor takes. */
export type VapiDailyConfig = Pick<DailyAdvancedConfig, 'avoidEval' | 'alwaysIncludeMicInPermissionPrompt'>;

/** The `dailyCallObject` the constructor takes. */
export type VapiCallObjectOptions = Pick<DailyFactoryOptions, 'audioSource' | 'startAudioOff'> & DailyCallProperties;

/** `dailyCallConfig` without `alwaysIncludeMicInPermissionPrompt: false`. */
export function safeConfig(config: VapiDailyConfig = {}): VapiDailyConfig {
  if (config.alwaysIncludeMicInPermissionPrompt !== false) return config;
  console.warn(
    '[Vapi] alwaysIncludeMicInPermissionPrompt:false detected. This can cause Chrome 140+ issues. Removing the property.',
  );
  const { alwaysIncludeMicInPermissionPrompt: _, ...rest } = config;
  return rest;
}

/** A copy of `dailyCallObject` with `audioSource: false` replaced by true. */
export function safeCallObject(dailyCallObject?: VapiCallObjectOptions): VapiCallObjectOptions {
  const props = { ...dailyCallObject };
  if (props.audioSource === false) {
    console.warn(
      '[Vapi] audioSource:false detected in factory options. This can cause Chrome 140+ issues. Defaulting to true.',
    );
    props.audioSource = true;
  }
  return props;
}

/** `setInputDevicesAsync`'s options without `audioSource: false` (the default device is used instead). */
export function safeInputDevices(
  options: Parameters<DailyCall['setInputDevicesAsync']>[0],
): Parameters<DailyCall['setInputDevicesAsync']>[0] {
  if (!('audioSource' in options && options.audioSource === false)) return options;
  console.warn(
    '[Vapi] setInputDevicesAsync with audioSource:false detected. This can cause Chrome 140+ issues. Using default device instead.',
  );
  const { audioSource: _, ...rest } = options;
  return rest;
}

/** The browser platform with the reference's microphone prompt (none) and mobile test. */
export function vapiPlatform() {
  return {
    ...browserPlatform,
    // The reference leaves the microphone prompt to the call engine's join.
    requestMicrophone: async () => [],
    isMobile: () =>
      typeof navigator !== 'undefined' &&
      /android|iphone|ipad|ipod|iemobile|blackberry|bada/i.test(navigator.userAgent),
  };
}
