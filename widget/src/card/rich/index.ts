/**
 * The richer conversation's part of the card (issue 26): suggested replies (the `suggestions`
 * starters and the assistant's `suggest_replies`), feedback (thumbs under finished replies, the
 * rating at the end of a call or, inline for the next open, when a chat is closed;
 * `ringwise-feedback` and the POST to `feedback-url`) and the hand-over to a person (`handoff-label`, `ringwise-handoff`). The
 * formatted answers are drawn by the conversation log (markdown/).
 */
import type { CardHost } from '../../ports/card-port.ts';
import type { ConversationController } from '../../conversation/controller.ts';
import {
  asksRating,
  asksThumbs,
  feedbackDetail,
  parseFeedbackMode,
  postFeedback,
} from '../../conversation/feedback.ts';
import { endPolitely, handOverAnswer, handOverDetail } from '../../conversation/person-hand-over.ts';
import { parseSuggestions, suggestReplyOptions, SUGGEST_REPLIES_TOOL } from '../../conversation/suggestions.ts';
import type { Turn } from '../../conversation/view.ts';
import type { ClientTools } from '../../core/client-tools.ts';
import type { ConsentStep } from '../ask-consent.ts';
import { setLabel, type Controls } from '../controls.ts';
import type { CardFrame } from '../frame.ts';
import type { CardSender } from '../submit.ts';
import type { CardDom } from '../template.ts';
import { RICH_ICONS } from './icons.ts';
import { ratingBox } from './rating-box.ts';
import { suggestionRow } from './suggestion-row.ts';
import { addThumbs } from './thumbs.ts';
import RICH_CSS from './rich.css?raw';
import { EN_RICH_LABELS } from '../../i18n/rich-labels.ts';
import { LOG_PREFIX } from '../../core/log.ts';

/** What the rich part acts on. */
export interface RichDeps {
  controller: ConversationController;
  sender: CardSender;
  consent: ConsentStep;
  render(): void;
}

/** The rich part of one card. */
export interface RichParts {
  /** Draws suggestions, thumbs, the rating and the hand-over action (after the log was drawn). */
  render(frame: CardFrame, bubble: (turn: Turn) => Element | undefined): void;
  /** The page's client tools plus `suggest_replies` (the page's own function of that name wins). */
  tools(pageTools: ClientTools | null | undefined): ClientTools;
  /** The visitor closes the card (it closes): a chat's rating, when due, waits inline for the next open. */
  closing(): void;
}

/** What `voice-widget-rich.js` exports. */
export interface RichModule {
  richParts: typeof richParts;
}

declare module '../../ports/manifest.ts' {
  interface WidgetModules {
    /** Suggested replies, feedback and the hand-over, loaded when used. */
    rich: RichModule;
  }
}

/** Makes the rich part of a card. */
export function richParts(
  host: CardHost,
  dom: CardDom,
  kit: Controls,
  { controller, sender, consent, render }: RichDeps,
): RichParts {
  const { element } = host;
  host.style(RICH_CSS);
  const attr = (name: string) => element.getAttribute(name)?.trim() || null;
  /** The assistant's offer: its options and the last turn when it came (a later visitor turn retires it). */
  let offer: { options: string[]; after: number } | null = null;
  let warned = '';
  /** When each turn was first seen (the hand-over's times). */
  const seen = new Map<number, number>();
  const rated = new Set<number>();
  const thumbs = new Map<number, HTMLElement>();
  let rating: 'hidden' | 'asking' | 'done' = 'hidden';
  let endedCall = false;
  let handedOver = false;

  const ids = () => ({ callId: controller.liveCall()?.webCall.id ?? lastCallId, sessionId: controller.sessionId() });
  let lastCallId: string | null = null;
  const give = (rating: number, messageId?: string, comment?: string) => {
    const detail = feedbackDetail(rating, { ...ids(), messageId }, comment);
    host.dispatch('feedback', detail);
    const url = attr('feedback-url');
    if (url)
      void postFeedback(url, detail).then(
        (error) => error && console.error(`${LOG_PREFIX} feedback-url: ${error.message}`),
      );
  };

  /** Sends `text` as the visitor's turn: into the live call or as a chat message (through the message field). */
  const say = (text: string) => {
    dom.input.value = text;
    sender.submit();
  };
  const pick = (text: string) => {
    const view = controller.getSnapshot();
    offer = null;
    if (view.conversation.length || view.phase !== 'idle' || host.mode() === 'chat') return say(text);
    // Voice and hybrid starters: the call starts, and the text is the visitor's first turn once it is up.
    void consent
      .ask(() => sender.startCall())
      .then((started) => {
        if (!started) return;
        // Said once the call is up (it may be already).
        const check = () => {
          const { phase } = controller.getSnapshot();
          if (phase === 'active') void controller.sendText(text, {});
          return phase !== 'starting' && phase !== 'loading';
        };
        if (check()) return;
        const off = controller.subscribe(() => check() && off());
      });
    render();
  };
  const body = dom.log.parentElement as HTMLElement;
  const row = suggestionRow(kit.add, body, pick);
  const box = ratingBox(
    body,
    kit,
    (path) => host.svgIcon(path),
    (answer) => {
      rating = 'done';
      if (answer) give(answer.rating, undefined, answer.comment);
      render();
      dom.input.focus();
    },
  );
  const handoffBar = kit.add(dom.card, 'div', 'hb');
  dom.card.insertBefore(handoffBar, dom.footer);
  const handoff = kit.button(handoffBar, 'sec', 'handoff');
  handoff.prepend(host.svgIcon(RICH_ICONS.person));
  // Focusable from code: a page's form closing after the hand-over gives focus back here.
  const handoffNote = kit.add(handoffBar, 'p', 'hn', 'handoff-done', { role: 'status', tabindex: '-1' });
  /** A hand-over waits for the page's answer (its form is open): a second press sends nothing. */
  let handingOver = false;
  handoff.addEventListener('click', () => {
    if (handingOver) return;
    const view = controller.getSnapshot();
    // Phones: the modal sheet collapses first, so the page's form opens over the page, not under it.
    const sheet = dom.card.getAttribute('aria-modal') === 'true';
    if (sheet) host.collapse();
    const answer = handOverAnswer();
    handingOver = true;
    host.dispatch(
      'handoff',
      handOverDetail(view.conversation, (turn) => seen.get(turn.id), ids(), answer.respond),
    );
    void answer.outcome().then((outcome) => {
      handingOver = false;
      if (outcome === 'sent') {
        // Passed on only now; the assistant finishes its sentence, then the call ends.
        handedOver = true;
        // Where the page's form, closing, gives focus back (the element's focus()).
        handoffNote.toggleAttribute('autofocus', true);
        endPolitely(controller);
        return render();
      }
      // Closed unsent: the card as it was (the sheet open again), focus back on the button. The
      // element's open() moves focus into the card within this task's microtasks; the button's
      // focus comes in the next task, after it.
      if (sheet) (element as HTMLElement & { open(): void }).open();
      render();
      setTimeout(() => handoff.focus());
    });
  });

  // Inline, never a step of closing: after a call the ended section has put focus on Call again
  // (where Hang Up was) and the rating waits one Tab away; a closed chat finds it on its next open.
  const askRating = () => {
    rating = 'asking';
    box.reset();
    render();
  };

  return {
    render(frame, bubble) {
      const { view, idle, asking } = frame;
      // English comes with this file; the element's language (and label-* overrides) win.
      const labels = { ...EN_RICH_LABELS, ...frame.labels };
      const mode = parseFeedbackMode(attr('feedback'));
      const now = Date.now();
      for (const turn of view.conversation) if (!seen.has(turn.id)) seen.set(turn.id, now);
      const last = view.conversation.at(-1);
      if (frame.live) lastCallId = controller.liveCall()?.webCall.id ?? lastCallId;

      // The assistant's offer retires once the visitor answered in any way, or starts typing.
      if (
        offer &&
        (view.conversation.some((turn) => turn.role === 'user' && turn.id > offer!.after) || dom.input.value.trim())
      )
        offer = null;
      const starters = parseSuggestions(attr('suggestions'));
      if (starters.error && starters.error !== warned) console.error(`${LOG_PREFIX} ${(warned = starters.error)}`);
      const empty = !view.conversation.length && idle && !asking && !frame.info;
      if (offer && !asking) row.show(dom.log, offer.options, labels.suggestions);
      else row.show(dom.empty, empty ? starters.options : [], labels.suggestions);

      // Thumbs under each finished reply: not the one still streaming or being spoken.
      if (asksThumbs(mode)) {
        for (const turn of view.conversation) {
          const finished =
            turn.role === 'assistant' &&
            turn.text &&
            !turn.partial &&
            (turn !== last || (view.chat === 'idle' && !frame.live && !frame.connecting));
          const li = finished && !thumbs.has(turn.id) ? bubble(turn) : undefined;
          if (li)
            thumbs.set(
              turn.id,
              addThumbs(
                li,
                kit,
                host.svgIcon,
                labels,
                (up) => !rated.has(turn.id) && rated.add(turn.id) && give(up, String(turn.id)),
              ),
            );
        }
      }

      // The rating, once per conversation: when a call that was up ended.
      if (frame.live) endedCall = true;
      if (endedCall && idle && view.ended && rating === 'hidden' && asksRating(mode)) {
        endedCall = false;
        queueMicrotask(askRating);
      }
      // After a call the rating is part of the ended block (one block, issue 36); a closed chat's
      // waits in the body.
      const home = frame.ended ? dom.endedRating : body;
      if (box.el.parentElement !== home) home.append(box.el);
      box.el.hidden = rating !== 'asking';
      if (!box.el.hidden) box.label(labels);

      const label = attr('handoff-label');
      handoffBar.hidden = !label;
      handoff.hidden = handedOver;
      handoffNote.hidden = !handedOver;
      if (label) setLabel(handoff, label);
      handoffNote.textContent = handedOver ? labels.handoffDone : '';
    },
    tools: (pageTools) => ({
      [SUGGEST_REPLIES_TOOL]: (args) => {
        const options = suggestReplyOptions(args);
        if (!options) throw new Error('suggest_replies needs { "options": ["…"] } with one to four strings');
        offer = { options, after: controller.getSnapshot().conversation.at(-1)?.id ?? 0 };
        render();
      },
      ...pageTools,
    }),
    closing() {
      const view = controller.getSnapshot();
      const replied = view.conversation.some((turn) => turn.role === 'assistant' && turn.text);
      if (rating !== 'hidden' || view.phase !== 'idle' || !replied || !asksRating(parseFeedbackMode(attr('feedback'))))
        return;
      askRating();
    },
  };
}
