/**
 * The card's side of the richer conversation (card/rich/, its own file `voice-widget-rich.js`):
 * loaded at once when the element asks for suggestions or a hand-over, else once a conversation
 * begins (the rating at its end, the thumbs after a reply), or when the assistant calls
 * `suggest_replies`. Until then it draws nothing; a file that cannot be loaded leaves the card
 * as it was (tried again at the next drawing).
 */
import type { CardHost } from '../ports/card-port.ts';
import { parseFeedbackMode } from '../conversation/feedback.ts';
import { SUGGEST_REPLIES_TOOL } from '../conversation/suggestions.ts';
import type { ClientToolHandler } from '../core/client-tools.ts';
import type { RichDeps, RichParts } from './rich/index.ts';
import type { Controls } from './controls.ts';
import type { CardDom } from './template.ts';

/** The rich part, loaded when first needed. */
export function lazyRich(host: CardHost, dom: CardDom, kit: Controls, deps: RichDeps): RichParts {
  const { element } = host;
  let parts: RichParts | null = null;
  let loading: Promise<RichParts | null> | null = null;
  const load = () =>
    (loading ??= host.load('rich').then(
      (module) => {
        // The card may be gone meanwhile (the element left the page).
        if (!dom.card.isConnected) return null;
        parts = module.richParts(host, dom, kit, deps);
        deps.render();
        return parts;
      },
      () => (loading = null),
    ));
  const offer: ClientToolHandler = (args, call) =>
    load().then((loaded) => loaded?.tools(null)[SUGGEST_REPLIES_TOOL]?.(args, call));
  return {
    render(frame, bubble) {
      // Begun: turns, or a call past loading its engine (a start whose files were blocked never began).
      const begun = frame.view.conversation.length > 0 || (!frame.idle && frame.view.phase !== 'loading');
      if (
        !parts &&
        (element.hasAttribute('suggestions') ||
          element.hasAttribute('handoff-label') ||
          (begun && parseFeedbackMode(element.getAttribute('feedback')) !== 'none'))
      )
        void load();
      parts?.render(frame, bubble);
    },
    tools: (pageTools) => ({ [SUGGEST_REPLIES_TOOL]: offer, ...pageTools }),
    closing: () => parts?.closing(),
  };
}
