/**
 * The English of the call's audio settings and push-to-talk (issue 35: not in the card file). They
 * ship in the call's audio file (`voice-widget-audio.js`, audio-panel.ts draws them); chat mode never
 * carries them. The other languages have them in their locale files. Part of `CardLabels`.
 */
import type { CardLabels } from './labels.ts';

/** The `CardLabels` keys whose English lives here. */
export type AudioLabelKey =
  | 'audioSettings'
  | 'microphone'
  | 'speaker'
  | 'deviceNumbered'
  | 'assistantVolume'
  | 'micLost'
  | 'deviceFailed'
  | 'holdToTalk';

/** English audio settings' labels. */
export const EN_AUDIO_LABELS: Pick<CardLabels, AudioLabelKey> = {
  audioSettings: 'Audio settings',
  microphone: 'Microphone',
  speaker: 'Speaker',
  deviceNumbered: 'Device {n}',
  assistantVolume: "Assistant's volume",
  micLost: 'Your microphone was disconnected. Choose another one:',
  deviceFailed: 'That device could not be used. Choose another one.',
  holdToTalk: 'Hold to talk',
};
