/**
 * The card's header menu (issue 38), built when the visitor first opens it: a menu button
 * pattern (`aria-haspopup="menu"`, `aria-expanded`; the menu's items are `menuitem`s, Arrow keys
 * move, Home/End jump, Escape and Tab close it, focus returns to the button) with "Forget this
 * conversation", which asks first in an `alertdialog` (Cancel has focus; Escape cancels). Its
 * texts are this file's own, in the four shipped languages.
 */
import type { CardHost } from '../../ports/card-port.ts';
import type { CardDom } from '../template.ts';
import type { RecordDeps } from '../record-part.ts';
import { forgetAll } from './forget.ts';
import MENU_CSS from './menu.css?raw';

/** The menu's texts. */
interface MenuTexts {
  forget: string;
  title: string;
  text: string;
  confirm: string;
  cancel: string;
}

/** The menu's texts by language (English for any other). */
export const MENU_TEXTS: Record<'en' | 'de' | 'fr' | 'es', MenuTexts> = {
  en: {
    forget: 'Forget this conversation',
    title: 'Forget this conversation?',
    text: 'This ends a call and removes what this assistant kept on this device: the conversation, your microphone and speaker choices, your consent and the invitation’s state.',
    confirm: 'Forget',
    cancel: 'Cancel',
  },
  de: {
    forget: 'Dieses Gespräch vergessen',
    title: 'Dieses Gespräch vergessen?',
    text: 'Ein laufender Anruf endet, und was dieser Assistent auf diesem Gerät gespeichert hat, wird entfernt: das Gespräch, Ihre Mikrofon- und Lautsprecherwahl, Ihre Einwilligung und der Stand der Einladung.',
    confirm: 'Vergessen',
    cancel: 'Abbrechen',
  },
  fr: {
    forget: 'Oublier cette conversation',
    title: 'Oublier cette conversation ?',
    text: 'Un appel en cours prend fin et ce que cet assistant a gardé sur cet appareil est supprimé : la conversation, vos choix de micro et de haut-parleur, votre consentement et l’état de l’invitation.',
    confirm: 'Oublier',
    cancel: 'Annuler',
  },
  es: {
    forget: 'Olvidar esta conversación',
    title: '¿Olvidar esta conversación?',
    text: 'Una llamada en curso termina y se borra lo que este asistente guardó en este dispositivo: la conversación, tu elección de micrófono y altavoz, tu consentimiento y el estado de la invitación.',
    confirm: 'Olvidar',
    cancel: 'Cancelar',
  },
};

/** The texts for a language tag (`de-AT` → German). */
export function menuTexts(lang: string): MenuTexts {
  return MENU_TEXTS[lang.split('-')[0]!.toLowerCase() as 'en'] ?? MENU_TEXTS.en;
}

/** The open menu's handle. */
export interface RecordMenu {
  /** Opens the menu (focus on its first item). */
  open(): void;
}

/**
 * Builds the menu and its confirmation for `button` (the header's "⋯").
 * @param deps What Forget clears (after the visitor confirmed: forget.ts).
 */
export function recordMenu(host: CardHost, dom: CardDom, button: HTMLButtonElement, deps: RecordDeps): RecordMenu {
  host.style(MENU_CSS);
  const t = menuTexts(host.container.lang);
  const h = host.h;
  const menu = h('div', 'rm', '', { role: 'menu', id: 'rm', 'aria-labelledby': button.id });
  const item = h('button', 'rmi', '', { role: 'menuitem', tabindex: '-1', type: 'button' });
  item.textContent = t.forget;
  menu.append(item);
  menu.hidden = true;
  dom.card.append(menu);
  button.setAttribute('aria-controls', 'rm');

  const ask = h('section', 'box rc', '', {
    role: 'alertdialog',
    'aria-labelledby': 'rct',
    'aria-describedby': 'rcd',
  });
  const title = h('h3', 'bt', '', { id: 'rct' });
  title.textContent = t.title;
  const text = h('p', '', '', { id: 'rcd' });
  text.textContent = t.text;
  const row = h('div', 'row');
  const cancel = h('button', 'sec', '', { type: 'button' });
  cancel.textContent = t.cancel;
  const confirm = h('button', 'pri', '', { type: 'button' });
  confirm.textContent = t.confirm;
  row.append(cancel, confirm);
  ask.append(title, text, row);
  ask.hidden = true;
  dom.card.append(ask);

  const close = (focus: boolean) => {
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (focus) button.focus();
  };
  const items = () => [...menu.querySelectorAll<HTMLElement>('[role=menuitem]')];
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
  item.addEventListener('click', () => {
    close(false);
    ask.hidden = false;
    cancel.focus();
  });
  cancel.addEventListener('click', () => answer(false));
  confirm.addEventListener('click', () => answer(true));
  ask.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    answer(false);
  });
  return {
    open() {
      menu.hidden = false;
      button.setAttribute('aria-expanded', 'true');
      items()[0]?.focus();
    },
  };
}
