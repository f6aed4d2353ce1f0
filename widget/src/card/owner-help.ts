/**
 * What the site's owner learns when a widget file fails to load: the card shows visitors one
 * plain sentence (status.ts), and the file, its address and the fix (`LoadFailure.help`) go to
 * the console and to the `ringwise-error` event's detail (`failure`).
 */
import type { CardHost } from '../ports/card-port.ts';
import { loadFailureOf, type LoadFailure } from '../conversation/load-failure.ts';
import type { EventSink } from '../conversation/conversation-events.ts';
import { LOG_PREFIX } from '../core/log.ts';

/** The card's event sink: `dispatch`, with a load failure's help logged and in the detail. */
export function withOwnerHelp(dispatch: CardHost['dispatch']): EventSink {
  // Logged once per file, beside the loader's "could not load" line (Try again fails the same way).
  const logged = new Set<string>();
  return (event, payload) => {
    if (event === 'error') {
      const detail = payload as { failure?: LoadFailure };
      const failure = detail.failure ?? loadFailureOf(payload);
      if (failure) {
        if (!logged.has(failure.url)) console.error(`${LOG_PREFIX} ${failure.help}`);
        logged.add(failure.url);
        detail.failure = failure;
      }
    }
    return dispatch(event, payload);
  };
}
