/**
 * The card UI entry (`voice-widget-card.js` in the script-tag build; a chunk in the ESM build):
 * what the element loads on intent, next to the engine. See `card.ts`.
 */
import { mountCard as mount } from '../../card/index.ts';
import type { CardModule } from '../../ports/card-port.ts';

/** Builds the card (checked against the port the element codes against). */
export const mountCard: CardModule['mountCard'] = mount;
