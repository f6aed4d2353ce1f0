/**
 * The contact modal's side of the widget's hand-over to a person (issue 26, item 4): the
 * `ringwise-handoff` event's turns, read defensively (an event on the page is input like any
 * other), and the short summary the message field is prefilled with. The visitor sees and may
 * change every word before sending; the summary only saves retyping.
 */
import { contactHandoffCopy } from '../../content/ui.ts';
import { CONTACT_INFO_CONTROL_CHARACTERS } from './contact-characters.ts';

/** One turn of the conversation, as the event carries it. */
export interface HandoffTurn {
  readonly role: 'user' | 'assistant';
  readonly text: string;
}

/** The summary stays this short, so the visitor has room to add to it (the field takes 2000). */
export const SUMMARY_MAX = 1200;
/** A single turn is cut to this many characters. */
export const SUMMARY_TURN_MAX = 280;

const CONTROL = new RegExp(`[${CONTACT_INFO_CONTROL_CHARACTERS}]`, 'gu');

/** The turns of a `ringwise-handoff` event's detail; anything else in it is ignored. */
export function readHandoffTurns(detail: unknown): HandoffTurn[] {
  const turns = (detail as { turns?: unknown } | null)?.turns;
  if (!Array.isArray(turns)) return [];
  return turns.flatMap((turn: unknown) => {
    const { role, text } = (turn ?? {}) as { role?: unknown; text?: unknown };
    return (role === 'user' || role === 'assistant') && typeof text === 'string' && text.trim() ? [{ role, text }] : [];
  });
}

/** A Markdown link or image: its text and its address (the address's own marks are kept as they are). */
const LINK = /!?\[([^\]\n]*)\]\(\s*<?([^\s()<>]+)>?(?:\s+"[^"\n]*")?\s*\)/g;

/** Drops Markdown's marks from words (not from an address). */
const unmark = (words: string) => words.replace(/[*_`#>]+/g, '');

/**
 * One row of a turn as plain text: a list item keeps its marker ("- ", "1. "), a link becomes
 * "text (address)" (the address alone when it is its own text), the other marks are dropped.
 */
function plainRow(row: string): string {
  const item = /^\s*(?:([-*+])|(\d+)[.)])\s+/.exec(row);
  const rest = item ? row.slice(item[0].length) : row;
  let words = '';
  let from = 0;
  for (const link of rest.matchAll(LINK)) {
    const text = unmark(link[1]!).trim();
    words += unmark(rest.slice(from, link.index)) + (text && text !== link[2] ? `${text} (${link[2]})` : link[2]);
    from = link.index + link[0].length;
  }
  words = (words + unmark(rest.slice(from))).replace(/\s+/g, ' ').trim();
  return item && words ? `${item[2] ? `${item[2]}.` : '-'} ${words}` : words;
}

/**
 * One turn of the summary: who, then the words (control characters and Markdown marks dropped,
 * lists kept as lines, links as "text (address)"), cut with "…".
 */
function line(turn: HandoffTurn): string {
  // Markdown's rows: a paragraph's soft line breaks join it again; a blank line, a list item or
  // a heading starts a new row.
  const rows: string[] = [];
  let open = false;
  for (const row of turn.text.replace(CONTROL, ' ').split(/\r\n?|\n/)) {
    if (!row.trim()) open = false;
    else if (open && !/^\s*(?:[-*+]|\d+[.)]|#{1,6})\s/.test(row)) rows[rows.length - 1] += ` ${row}`;
    else {
      rows.push(row);
      open = true;
    }
  }
  const words = rows.map(plainRow).filter(Boolean).join('\n');
  const cut =
    [...words].length > SUMMARY_TURN_MAX
      ? `${[...words]
          .slice(0, SUMMARY_TURN_MAX - 1)
          .join('')
          .trimEnd()}…`
      : words;
  return `${turn.role === 'user' ? contactHandoffCopy.you : contactHandoffCopy.assistant}: ${cut}`;
}

/**
 * The summary: an intro line, then the latest turns that fit in `SUMMARY_MAX` characters, oldest
 * first ("…" first when older ones were left out). Empty without turns.
 */
export function handoffSummary(turns: readonly HandoffTurn[]): string {
  const lines: string[] = [];
  let size = contactHandoffCopy.intro.length;
  for (let i = turns.length - 1; i >= 0; i--) {
    const next = line(turns[i]!);
    if (size + next.length + 1 > SUMMARY_MAX - 2) {
      lines.unshift('…');
      break;
    }
    lines.unshift(next);
    size += next.length + 1;
  }
  return lines.length ? [contactHandoffCopy.intro, ...lines].join('\n') : '';
}
