/**
 * The visitor's record (issue 38), the card's lazy file `voice-widget-record.js`: loaded when the
 * visitor accepts consent, opens the card's "⋯" menu or a call ends, so the chat path carries none of it.
 * - `consentReceipt`: the receipt of an Accept (consent-receipt.ts).
 * - `recordMenu`: the header's "⋯" menu: the transcript's actions and Forget's confirmation (menu.ts).
 * - `forgetAll`: what Forget clears (forget.ts).
 * - `latencyReadout`: the owners' `debug-latency` line (latency-readout.ts).
 */
import { consentReceipt } from './consent-receipt.ts';
import { forgetAll } from './forget.ts';
import { latencyReadout } from './latency-readout.ts';
import { recordMenu } from './menu.ts';

export { consentReceipt, forgetAll, latencyReadout, recordMenu };

/** What the record file exports (`WidgetModules.record`). */
export interface RecordModule {
  consentReceipt: typeof consentReceipt;
  recordMenu: typeof recordMenu;
  forgetAll: typeof forgetAll;
  latencyReadout: typeof latencyReadout;
}

declare module '../../ports/manifest.ts' {
  interface WidgetModules {
    /** The visitor's record: the consent receipt, the header menu (forget, transcript). */
    record: RecordModule;
  }
}
