/**
 * The start stages of spec §4, in order: the one list. The core reports each as started →
 * completed | failed; the view counts them for the progress bar; the labels need one text per
 * stage (`StageLabels` in i18n/labels.ts is derived from this list, so a new stage without a label
 * in every locale does not compile); the tests read the same list.
 */
export const START_STAGES = [
  'initialization',
  'web-call-creation',
  'daily-call-object-creation',
  'mobile-permissions',
  'daily-call-join',
  'video-recording-setup',
  'video-recording-started',
  'audio-observer-setup',
  'audio-processing-setup',
] as const;

/** One start stage (spec §4). */
export type StartStage = (typeof START_STAGES)[number];
