/**
 * The card's own icons: path data for `svgIcon` (icons.ts), which the card calls through its
 * host. The phone comes from the launcher's set (rotated, it is "hang up").
 */
const MIC = 'M12 3a3 3 0 0 0-3 3v5a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21';

/** Path data of the card's icons. */
export const CARD_ICONS = {
  mic: MIC,
  micOff: `${MIC}M3 3l18 18`,
  send: 'M20.5 3.5 3.5 10.6l7 2.9 2.9 7zM20.5 3.5l-10 10',
  close: 'M6 6l12 12M18 6 6 18',
  /** Three dots: the header's menu and the call's More (the message field and the audio settings). */
  more: 'M5 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0M11 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0M17 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0',
  alert: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7.5v6M12 16.5v.01',
  stop: 'M8 8h8v8H8z',
  wave: 'M5 10v4M9 7v10M13 4.5v15M17 8v8M21 11v2',
  /** Sliders: the audio settings. */
  settings: 'M4 7h9M17 7h3M15 5v4M4 17h3M11 17h9M9 15v4',
} as const;

/** The card's icon names. */
export type CardIconName = keyof typeof CARD_ICONS;
