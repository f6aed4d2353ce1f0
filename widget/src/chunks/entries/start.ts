/**
 * The click's start (`voice-widget-start.js` in the script-tag build; a chunk in the ESM build):
 * what the element loads on intent or in idle time beside the card, so a click sends
 * `POST /call/web` from it in its own task, and the loader carries none of the target, consent
 * and request code. See conversation/element-start.ts.
 */
import { startFor as start } from '../../conversation/element-start.ts';
import { startNow as now } from '../../core/call-request.ts';
import type { StartModule } from '../../ports/card-port.ts';

/** Starts a call for an element (checked against the port the element codes against). */
export const startFor: StartModule['startFor'] = start;

/** Sends a start's request now, for the card's calls without an early request (see `StartModule`). */
export const startNow: StartModule['startNow'] = now;
