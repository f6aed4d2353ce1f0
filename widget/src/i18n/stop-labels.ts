/**
 * The texts of the Stop control and a cut turn (issue 37), and their English. The English ships in
 * the call's audio file (`voice-widget-audio.js`, whose stop-control.ts draws them), not in the card:
 * chat mode never carries them. The other languages have them in their locale files.
 */

/** The Stop control's texts (part of `VoiceLabels`). */
export interface StopLabels {
  /** The Stop control beside the status while the assistant speaks: cuts it off. */
  stopAssistant: string;
  /** Marks an assistant's turn the visitor cut off. */
  interrupted: string;
  /** Read by screen readers before the greyed rest of a cut turn, never heard. */
  notHeard: string;
  /** The call's microphone gave only zeros for a second (the sound check, with Try again). */
  micSilent: string;
  /** Beside the status while the connection is poor or reconnecting (the quiet quality indicator). */
  weakConnection: string;
  /** Hybrid: the trouble has lasted (with Type instead). */
  audioBreaking: string;
  /** Voice: the trouble has lasted (with Try again). */
  audioBreakingVoice: string;
  /** The assistant keeps cutting itself off (its voice heard back from the speakers): with Hold to talk. */
  echoHint: string;
}

/** English Stop labels. */
export const EN_STOP_LABELS: StopLabels = {
  stopAssistant: 'Stop',
  interrupted: 'Interrupted',
  notHeard: 'Not heard:',
  micSilent: 'Your microphone sends no sound — is another app using it?',
  weakConnection: 'Weak connection',
  audioBreaking: 'The audio is breaking up. Continue by typing?',
  audioBreakingVoice: 'The audio is breaking up.',
  echoHint: 'Use headphones, or hold to talk',
};
