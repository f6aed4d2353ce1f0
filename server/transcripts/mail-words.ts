/**
 * The transcript mail's words (issue 38) in the languages the widget ships (en, de, fr, es), the
 * same words as the card's ("You", "Interrupted": widget/src/i18n/locales/). A request in another
 * language is mailed in English. Texts only: server/transcripts/mail.ts lays them out.
 */

/** The texts of one language; `{assistant}`, `{page}`, `{zone}`, `{date}` are filled in by the mail. */
export interface MailWords {
  /** The subject line. */
  subject: string;
  /** The first line of the body. */
  greeting: string;
  /** Stands for the page when the request named none. */
  ourWebsite: string;
  /** Says which zone (and which day) the times are in. */
  times: string;
  /** The visitor's name on their turns. */
  you: string;
  /** After a turn the visitor cut off. */
  interrupted: string;
  /** The last line: why the mail came. */
  footer: string;
}

const WORDS: Record<'en' | 'de' | 'fr' | 'es', MailWords> = {
  en: {
    subject: 'Your conversation with {assistant}',
    greeting: 'Your conversation with {assistant}, as you asked on {page}.',
    ourWebsite: 'our website',
    times: 'Times are in {zone} ({date}).',
    you: 'You',
    interrupted: 'Interrupted',
    footer: 'You received this because someone entered this address in the chat window. If it was not you, ignore it.',
  },
  de: {
    subject: 'Ihr Gespräch mit {assistant}',
    greeting: 'Ihr Gespräch mit {assistant}, wie Sie es auf {page} angefordert haben.',
    ourWebsite: 'unserer Website',
    times: 'Uhrzeiten in {zone} ({date}).',
    you: 'Sie',
    interrupted: 'Unterbrochen',
    footer:
      'Sie erhalten diese E-Mail, weil jemand diese Adresse im Chatfenster eingegeben hat. ' +
      'Wenn Sie das nicht waren, ignorieren Sie sie.',
  },
  fr: {
    subject: 'Votre conversation avec {assistant}',
    greeting: 'Votre conversation avec {assistant}, comme vous l’avez demandé sur {page}.',
    ourWebsite: 'notre site',
    times: 'Heures en {zone} ({date}).',
    you: 'Vous',
    interrupted: 'Interrompu',
    footer:
      'Vous recevez ce message parce que quelqu’un a saisi cette adresse dans la fenêtre de discussion. ' +
      'Si ce n’était pas vous, ignorez-le.',
  },
  es: {
    subject: 'Tu conversación con {assistant}',
    greeting: 'Tu conversación con {assistant}, como pediste en {page}.',
    ourWebsite: 'nuestro sitio web',
    times: 'Horas en {zone} ({date}).',
    you: 'Tú',
    interrupted: 'Interrumpido',
    footer:
      'Recibes este mensaje porque alguien escribió esta dirección en la ventana del chat. ' +
      'Si no fuiste tú, ignóralo.',
  },
};

/** Whether the mail has words in `locale`'s language (else it is English, dates and times included). */
export function hasMailWords(locale: string): boolean {
  return Object.hasOwn(WORDS, locale.split('-')[0]!.toLowerCase());
}

/** The words for a request's `locale` (a BCP 47 tag: its language decides; English otherwise). */
export function mailWords(locale: string): MailWords {
  const language = locale.split('-')[0]!.toLowerCase();
  return hasMailWords(language) ? WORDS[language as keyof typeof WORDS] : WORDS.en;
}

/** `template` with each `{key}` replaced by `values[key]` (once each, left to right). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
