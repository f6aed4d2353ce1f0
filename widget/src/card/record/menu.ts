/**
 * The card's header menu (issue 38), built when the visitor first opens it: a menu button
 * pattern (`aria-haspopup="menu"`, `aria-expanded`; the menu's items are `menuitem`s, Arrow keys
 * move, Home/End jump, Escape and Tab close it, focus returns to the button) with "Forget this
 * conversation", which asks first in an `alertdialog` (Cancel has focus; Escape cancels), after
 * the transcript's actions (transcript-actions.ts) when something was said, and "Email me a copy"
 * with the owner's `transcript-endpoint` (email-form.ts). Its texts are the
 * labels' (i18n/record-labels.ts), drawn at each opening so a language switch reaches them.
 */
import type { CardHost } from '../../ports/card-port.ts';
import type { CardDom } from '../template.ts';
import type { RecordContext } from '../record-part.ts';
import { emailForm, transcriptEndpoint } from './email-form.ts';
import { forgetAll } from './forget.ts';
import { recordLabels, transcriptKit } from './transcript-actions.ts';

/** The open menu's handle. */
export interface RecordMenu {
  /** Opens the menu (focus on its first item). */
  open(): void;
}

/**
 * Builds the menu and its confirmation for `button` (the header's "⋯").
 * @param deps What Forget clears (after the visitor confirmed: forget.ts), the labels.
 */
export function recordMenu(host: CardHost, dom: CardDom, button: HTMLButtonElement, deps: RecordContext): RecordMenu {
  // The kit adds the file's stylesheet (menu.css) with its status line.
  const kit = transcriptKit(host, dom, deps);
  const h = host.h;
  const menu = h('div', 'rm', '', { role: 'menu', id: 'rm', 'aria-labelledby': button.id });
  // `back`: focus returns to the button (an action done in place); else the action moves it (the confirmation).
  const newItem = (run: () => void, back: boolean) => {
    const el = menu.appendChild(h('button', 'rmi', '', { role: 'menuitem', tabindex: '-1', type: 'button' }));
    el.addEventListener('click', () => {
      close(back);
      run();
    });
    return el;
  };
  const transcript = kit.actions().map((action) => ({ action, el: newItem(action.run, true) }));
  // "Email me a copy": its form is built here, shown only when the owner set `transcript-endpoint`.
  const form = emailForm(host, dom.card, kit, deps, button);
  const email = newItem(() => form.open(), false);
  const item = newItem(() => {
    ask.hidden = false;
    cancel.focus();
  }, false);
  menu.hidden = true;
  dom.card.append(menu);
  button.setAttribute('aria-controls', 'rm');

  const ask = h('section', 'box rc', '', {
    role: 'alertdialog',
    'aria-labelledby': 'rct',
    'aria-describedby': 'rcd',
  });
  const title = h('h3', 'bt', '', { id: 'rct' });
  const text = h('p', '', '', { id: 'rcd' });
  const row = h('div', 'row');
  const cancel = h('button', 'sec', '', { type: 'button' });
  const confirm = h('button', 'pri', '', { type: 'button' });
  row.append(cancel, confirm);
  ask.append(title, text, row);
  ask.hidden = true;
  dom.card.append(ask);

  const close = (focus: boolean) => {
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (focus) button.focus();
  };
  const items = () => [...menu.querySelectorAll<HTMLElement>('[role=menuitem]:not([hidden])')];
  menu.addEventListener('keydown', (event) => {
    const all = items();
    const at = all.indexOf(event.target as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      all[(moves[event.key]! + all.length) % all.length]?.focus();
    } else if (event.key === 'Escape') {
      // The card's own Escape (minimize) is not for this one.
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') close(false);
  });
  menu.addEventListener('focusout', (event) => {
    if (!menu.contains(event.relatedTarget as Node | null) && event.relatedTarget !== button) close(false);
  });
  const answer = (yes: boolean) => {
    ask.hidden = true;
    if (yes) forgetAll(host, deps);
    button.focus();
  };
  cancel.addEventListener('click', () => answer(false));
  confirm.addEventListener('click', () => answer(true));
  ask.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    answer(false);
  });
  return {
    open() {
      const t = recordLabels(deps);
      // Nothing heard yet: nothing to copy or send.
      const none = !kit.turns().length;
      for (const { action, el } of transcript) {
        el.textContent = t[action.label];
        el.hidden = none;
      }
      email.textContent = t.emailCopy;
      email.hidden = none || !transcriptEndpoint(host.element);
      item.textContent = t.forget;
      title.textContent = t.forgetTitle;
      text.textContent = t.forgetText;
      cancel.textContent = t.cancel;
      confirm.textContent = t.forgetConfirm;
      menu.hidden = false;
      button.setAttribute('aria-expanded', 'true');
      items()[0]?.focus();
    },
  };
}
