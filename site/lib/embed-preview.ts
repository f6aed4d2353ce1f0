/**
 * The configurator's preview on /widget: the real element with a scripted engine (as the gallery's
 * states, site/lib/card-states.ts), so the owner can open it, type and talk, and nothing is sent
 * anywhere. Its reply says it is a preview.
 */
import type { CardState } from './card-states.ts';

/** Tag of the preview element, defined by the /widget page. */
export const PREVIEW_TAG = 'ringwise-demo-preview';

/** What the preview does: hybrid, a scripted call that goes active, a scripted chat reply. */
export const PREVIEW_STATE: CardState = {
  id: 'preview',
  title: 'Preview',
  mode: 'hybrid',
  action: 'none',
  voice: { snapshot: { state: 'active' } },
  chat: { reply: 'This is a preview with a scripted reply: on your site, your assistant answers here.' },
};
