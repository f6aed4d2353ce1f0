/**
 * The transcript the visitor takes away (issue 38): the turns as plain text and as Markdown, with
 * each turn's time and its speaker's name. Only what was heard: a turn's `text` (a turn cut by
 * Stop or barge-in keeps only its heard part there, conversation/turn-cuts.ts; its `unheard` rest
 * and any partial still arriving are left out). Pure and framework-free: the record file
 * (card/record/) draws the buttons, this module only writes the text.
 */
import type { Turn } from './view.ts';

/** One line of a transcript: when, who, what was heard. */
export interface TranscriptTurn {
  /** ISO time the turn began; absent for a turn kept by an older page (whose entry has no time). */
  readonly at?: string;
  readonly speaker: 'assistant' | 'visitor';
  /** The speaker's name as the card shows it. */
  readonly name: string;
  readonly text: string;
  /** The visitor cut it off: `text` is what was heard. */
  readonly interrupted?: true;
}

/** The names and words a transcript is written with (the card's labels). */
export interface TranscriptWords {
  /** The assistant's name as the card's header shows it. */
  readonly assistant: string;
  /** The visitor's name ("You"). */
  readonly you: string;
  /** The document's title (plain text). */
  readonly title: string;
  /** Marks a cut turn ("Interrupted"). */
  readonly interrupted: string;
  /** The language the times are written in (a BCP 47 tag). */
  readonly locale: string;
  /** The time zone of the times (the browser's when absent). */
  readonly timeZone?: string;
}

/** The heard turns with their speakers' names (turns with nothing heard are left out). */
export function transcriptTurns(turns: readonly Turn[], words: Pick<TranscriptWords, 'assistant' | 'you'>) {
  return turns
    .filter((turn) => turn.text.trim())
    .map((turn): TranscriptTurn => ({
      ...(turn.at && { at: new Date(turn.at).toISOString() }),
      speaker: turn.role === 'user' ? 'visitor' : 'assistant',
      name: turn.role === 'user' ? words.you : words.assistant,
      text: turn.text.trim(),
      ...(turn.unheard !== undefined && { interrupted: true as const }),
    }));
}

/** A turn's time of day (`14:02:09`) in the words' language and zone; empty when unknown. */
export function turnTime(turn: TranscriptTurn, words: Pick<TranscriptWords, 'locale' | 'timeZone'>): string {
  if (!turn.at) return '';
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
  if (words.timeZone) options.timeZone = words.timeZone;
  try {
    return new Date(turn.at).toLocaleTimeString(words.locale, options);
  } catch {
    // A language tag the browser does not know: its default.
    return new Date(turn.at).toLocaleTimeString(undefined, options);
  }
}

/** The transcript as plain text: a title, then `[time] Name: text` per turn (lines of a turn indented). */
export function transcriptText(turns: readonly TranscriptTurn[], words: TranscriptWords): string {
  const lines = turns.map((turn) => {
    const time = turnTime(turn, words);
    const mark = turn.interrupted ? ` (${words.interrupted})` : '';
    return `${time && `[${time}] `}${turn.name}: ${turn.text.replace(/\r?\n/g, '\n    ')}${mark}`;
  });
  return `${words.title}\n\n${lines.join('\n')}\n`;
}

/**
 * Escapes text for Markdown so that it reads as the characters typed: every ASCII punctuation
 * character gets a backslash (CommonMark's escape, valid before any of them), so a visitor's
 * `# `, `[link](…)`, `<script>`, `&amp;`, `|` or `*` cannot become a heading, a link, HTML, an
 * entity, a table or emphasis; leading spaces (an indented code block) are dropped, and each line
 * break becomes a hard break inside the same paragraph (a blank line would start a new block).
 */
export function escapeMarkdown(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/[!-/:-@[-`{-~]/g, '\\$&'))
    .filter(Boolean)
    .join('\\\n');
}

/** The transcript as Markdown: a heading, then per turn the name in bold, its time, and the text. */
export function transcriptMarkdown(turns: readonly TranscriptTurn[], words: TranscriptWords): string {
  const blocks = turns.map((turn) => {
    const time = turnTime(turn, words);
    const mark = turn.interrupted ? ` *(${escapeMarkdown(words.interrupted)})*` : '';
    const head = `**${escapeMarkdown(turn.name)}**${time && ` · ${escapeMarkdown(time)}`}`;
    return `${head}\\\n${escapeMarkdown(turn.text)}${mark}`;
  });
  return `# ${escapeMarkdown(words.title)}\n\n${blocks.join('\n\n')}\n`;
}
