/**
 * What the card sends: a call (with the click's early request) and a typed message (into the
 * live call, else as a chat message). Both need the target; overrides that cannot be read send
 * nothing and become the card's problem (logged, and a `ringwise-error` event).
 */
import { requestChatWeb } from '../api/chat-web.ts';
import { requestWebCall } from '../api/web-call.ts';
import type { CardHost, StartModule } from '../ports/card-port.ts';
import type { ConversationController } from '../conversation/controller.ts';
import type { StartOptions } from '../core/call-request.ts';
import type { ProblemSource } from '../conversation/view.ts';
import type { CallTarget } from '../core/types.ts';
import type { ConsentStep } from './ask-consent.ts';
import { elementTarget } from '../conversation/element-start.ts';
import { LOG_PREFIX } from '../core/log.ts';

/** How the card sends a call's or a message's request before the engine is there: the platform's (a demo's element passes its own). */
export const PLATFORM_REQUESTS = { requestWebCall, requestChatWeb };

/** What the invalid-overrides problem adds to the parser's words (console, `error` event). */
const OVERRIDES_HINT = 'assistant-overrides must be a JSON object, e.g. {"variableValues":{"name":"Ada"}}';

/** The technical message of overrides that cannot be read (the card shows its label). */
export function overridesMessage(error: unknown): string {
  return `Invalid assistant-overrides (${error instanceof Error ? error.message : String(error)}): nothing was sent. ${OVERRIDES_HINT}.`;
}

/** The card's sending side. */
export interface CardSender {
  /**
   * The target of a call or a message; `null` (shown as the problem, logged, sent as an `error`
   * event) when the page's overrides cannot be read, so nothing is sent.
   */
  target(source: ProblemSource): CallTarget | null;
  /** Starts a call (the attributes read afresh); resolves `true` when it started. */
  startCall(options?: StartOptions): Promise<boolean>;
  /** Sends what the message field holds, after consent when needed. */
  submit(): void;
  /** The start file's `startNow` once it is in (the controller's `startNow`; until then the engine sends). */
  startNow(): StartModule['startNow'] | undefined;
  /** The card opened: takes the start file (voice, hybrid), so the calls started in it send their own request. */
  warm(): void;
}

/** Makes the card's sending side. */
export function cardSender(
  host: CardHost,
  controller: ConversationController,
  input: HTMLInputElement,
  { configure, consent, render }: { configure(): void; consent: ConsentStep; render(): void },
): CardSender {
  // The click's start file (voice-widget-start.js) sends the request of a call that came without the click's.
  let start: StartModule | undefined;
  const target = (source: ProblemSource) => {
    try {
      return elementTarget(host.element);
    } catch (caught) {
      const message = overridesMessage(caught);
      console.error(`${LOG_PREFIX} ${message}`);
      controller.fail('invalid-overrides', message, source);
      return null;
    }
  };
  return {
    target,
    startNow: () => start?.startNow,
    warm() {
      // Voice: the loader asked for it on intent (taken from there, no second fetch); hybrid asks now, long before
      // its call button is used (not on every page view); chat never.
      if (!start && host.mode() !== 'chat' && host.element.hasAttribute('public-key'))
        host.load('start').then((module) => (start = module), Boolean);
    },
    startCall(options = {}) {
      configure();
      const to = target('call');
      if (to) return controller.start(to, options);
      // The click's early request was not sent for these overrides; make sure of it.
      options.abort?.abort();
      return Promise.resolve(false);
    },
    submit() {
      const text = input.value;
      if (!text.trim()) return;
      void consent.ask(() => {
        // A call takes the text whatever the overrides; a chat message needs them.
        const live = ['active', 'reconnecting'].includes(controller.getSnapshot().phase);
        const to = live ? {} : target('chat');
        if (!to) return Promise.resolve(false);
        const before = controller.getSnapshot().conversation.at(-1)?.id;
        const sent = controller.sendText(text, to);
        // Cleared once the message is in the conversation (refused: kept, to try again).
        if (controller.getSnapshot().conversation.at(-1)?.id !== before) input.value = '';
        render();
        return sent;
      });
    },
  };
}
