/**
 * Forget (issue 38): what the widget keeps on this device for this site, removed in one place:
 * the device choices (`AUDIO_STORAGE_KEY`), the consent under its key, and the nudge's state
 * (`ringwise-nudge-shown`, nudge/nudge.ts: a higher layer, so its key is written here and a test
 * holds the two equal). The kept conversation is the keeper's (`forget()` of continuity/file.ts),
 * since only it knows the tab's key. Storage that throws is skipped: nothing is kept there.
 */
import { AUDIO_STORAGE_KEY } from './audio-settings.ts';

/** The nudge's sessionStorage key (the same as `NUDGE_SHOWN_KEY`). */
export const NUDGE_KEY = 'ringwise-nudge-shown';

/** Removes the device choices, the consent stored under `consentKey` (when given) and the nudge's state. */
export function forgetStored(consentKey?: string | null): void {
  const remove = (storage: () => Storage, key: string) => {
    try {
      storage().removeItem(key);
    } catch {
      // Blocked storage holds nothing of ours.
    }
  };
  remove(() => localStorage, AUDIO_STORAGE_KEY);
  if (consentKey) remove(() => localStorage, consentKey);
  remove(() => sessionStorage, NUDGE_KEY);
}
