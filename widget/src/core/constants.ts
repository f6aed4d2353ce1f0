/**
 * The voice client's constants from spec §4, §5 and §9. This module is their only owner: the
 * core, the Daily adapter and tests import them from here, never retype the numbers.
 */

/** The assistant counts as speaking while the summed remote audio level exceeds this. */
export const SPEAKING_THRESHOLD = 0.01;

/** Speaking turns off this many milliseconds after the level last exceeded the threshold. */
export const SPEECH_END_DELAY_MS = 1000;

/**
 * When the platform ends the call while the assistant is still heard, the end waits for its speech
 * to end (`SPEECH_END_DELAY_MS` of quiet), at most this long, so its last sentence is not cut.
 */
export const FINAL_WORDS_MAX_MS = 8000;

/** `volume-level` = summed remote level / this divisor, capped at 1. */
export const VOLUME_DIVISOR = 0.15;

/** Extra wait after the microphone permission on mobile devices (stage `mobile-permissions`). */
export const MOBILE_PERMISSIONS_WAIT_MS = 1000;

/** Interval of the remote participants' audio level observer (Daily's minimum is 100 ms too). */
export const AUDIO_LEVEL_INTERVAL_MS = 100;

/**
 * Cloud recording when `artifactPlan.videoRecordingEnabled` and the platform sent no meeting token
 * (which starts it by itself): 1280×720, default layout, the platform's dark background.
 */
export const VIDEO_RECORDING = {
  width: 1280,
  height: 720,
  backgroundColor: '#FF1F2D3D',
  layout: { preset: 'default' },
} as const;

/** Voice providers that render the assistant as video: only for these is remote video received. */
export const VIDEO_VOICE_PROVIDERS: readonly string[] = ['tavus'];

/** Message of the validation error when `start()` gets no assistant, squad or workflow. */
export const MISSING_TARGET_MESSAGE = 'Assistant or Squad or Workflow must be provided.';

/** The status-update message emitted once when the call leaves (spec §4 "Voice client"). */
export const CALL_ENDED_MESSAGE = {
  type: 'status-update',
  status: 'ended',
  endedReason: 'customer-ended-call',
} as const;
