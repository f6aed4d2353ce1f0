/**
 * Forget (issue 38), the record file's side: ends a call and a reply, clears the conversation
 * shown and the one kept for the tab, the consent (here and in storage), the device choices and
 * the nudge's state (conversation/forget.ts).
 */
import type { CardHost } from '../../ports/card-port.ts';
import { forgetStored } from '../../conversation/forget.ts';
import { consentKey } from '../../conversation/element-start.ts';
import type { RecordDeps } from '../record-part.ts';

/** Forgets everything the card and the widget keep for this conversation, then draws the card. */
export function forgetAll(host: CardHost, deps: RecordDeps): void {
  deps.controller.release();
  deps.keeping.keep?.forget();
  deps.consent.forget();
  forgetStored(consentKey(host.element));
  deps.render();
}
