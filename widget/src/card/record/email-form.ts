/**
 * "Email me a copy" (issue 38), the record file's: shown in the header's menu only when the owner
 * set `transcript-endpoint`. Choosing it opens a small form in the card (a labelled email field,
 * Send and Cancel): Enter sends, Escape and Cancel close it, focus goes to the field and back to
 * the menu button. A mistyped address or a failed POST says why under the field, which keeps what
 * was typed; a sent copy closes the form and says "Sent — check your inbox" on the status line.
 * Nothing is sent before the visitor presses Send (conversation/transcript-request.ts).
 */
import type { CardHost } from '../../ports/card-port.ts';
import { isEmailAddress, sendTranscriptRequest, transcriptRequest } from '../../conversation/transcript-request.ts';
import type { RecordContext } from '../record-part.ts';
import { recordLabels, type TranscriptKit } from './transcript-actions.ts';

/** The owner's endpoint, when set (the attribute, or the script tag's `data-transcript-endpoint`). */
export function transcriptEndpoint(element: HTMLElement): string | undefined {
  return element.getAttribute('transcript-endpoint')?.trim() || undefined;
}

/**
 * Builds the form into `card` (hidden) and returns its opener.
 * @param back Where focus goes when the form closes (the menu button).
 */
export function emailForm(
  host: CardHost,
  card: HTMLElement,
  kit: TranscriptKit,
  ctx: RecordContext,
  back: HTMLElement,
) {
  const h = host.h;
  const box = h('section', 'box rc re', 'email-form', { role: 'dialog', 'aria-labelledby': 'rel' });
  const form = h('form', '', '', { novalidate: '' });
  const label = h('label', 'bt', '', { id: 'rel', for: 'rei' });
  const input = h('input', 'ri', '', {
    id: 'rei',
    type: 'email',
    autocomplete: 'email',
    inputmode: 'email',
    // An address reads left to right in every language (the field sits in a right-to-left card in Arabic).
    dir: 'ltr',
    'aria-describedby': 'ree',
  });
  // Read by screen readers when it changes (and through the field's description when focused).
  const error = h('p', 'rx', '', { id: 'ree', role: 'alert' });
  const row = h('div', 'row');
  const cancel = h('button', 'sec', '', { type: 'button' });
  const send = h('button', 'pri', '', { type: 'submit' });
  row.append(cancel, send);
  form.append(label, input, error, row);
  box.append(form);
  box.hidden = true;
  card.append(box);

  const close = () => {
    box.hidden = true;
    back.focus();
  };
  const fail = (text: string) => {
    error.textContent = text;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  };
  cancel.addEventListener('click', close);
  box.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    // The card's own Escape (minimize) is not for this one.
    event.stopPropagation();
    close();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (send.disabled) return;
    const t = recordLabels(ctx);
    const email = input.value.trim();
    if (!isEmailAddress(email)) return fail(t.emailInvalid);
    const endpoint = transcriptEndpoint(host.element);
    if (!endpoint) return fail(t.emailFailed);
    const request = transcriptRequest(email, kit.turns(), kit.words(), location);
    send.disabled = true;
    error.textContent = '';
    input.removeAttribute('aria-invalid');
    void sendTranscriptRequest(endpoint, request).then((ok) => {
      send.disabled = false;
      if (!ok) return fail(t.emailFailed);
      close();
      kit.say(t.emailSent);
    });
  });
  return {
    /** Shows the form in the card's language, focus in the field (what was typed before stays). */
    open() {
      const t = recordLabels(ctx);
      label.textContent = t.emailLabel;
      cancel.textContent = t.cancel;
      send.textContent = t.emailSend;
      error.textContent = '';
      input.removeAttribute('aria-invalid');
      box.hidden = false;
      input.focus();
    },
  };
}
