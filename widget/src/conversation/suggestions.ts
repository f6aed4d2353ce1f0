/**
 * Suggested replies (issue 26, item 2): the conversation starters of the `suggestions` attribute,
 * and the options of the built-in client tool `suggest_replies`. Pure: the card draws them.
 */

/** At most this many buttons are shown. */
export const MAX_SUGGESTIONS = 4;
/** A suggestion is cut to this many characters (a button, not a paragraph). */
export const SUGGESTION_MAX_LENGTH = 120;
/** The client tool an assistant calls to offer replies. */
export const SUGGEST_REPLIES_TOOL = 'suggest_replies';

/**
 * The `suggest_replies` function definition owners add to their assistant (printed in the README;
 * a test keeps both the same).
 */
export const SUGGEST_REPLIES_FUNCTION = {
  name: SUGGEST_REPLIES_TOOL,
  description:
    'Show the visitor up to four short replies as buttons under your last message. A tap sends that text as the visitor’s reply.',
  parameters: {
    type: 'object',
    properties: {
      options: {
        type: 'array',
        description: 'The replies, 1 to 4, each a few words.',
        items: { type: 'string', maxLength: SUGGESTION_MAX_LENGTH },
        minItems: 1,
        maxItems: MAX_SUGGESTIONS,
      },
    },
    required: ['options'],
  },
} as const;

/** Trims, drops empty and repeated entries, cuts each and keeps the first four. */
function tidy(values: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    const text = typeof value === 'string' ? value.trim().slice(0, SUGGESTION_MAX_LENGTH) : '';
    if (text) seen.add(text);
  }
  return [...seen].slice(0, MAX_SUGGESTIONS);
}

/** What the `suggestions` attribute says: its options, or why it could not be read. */
export interface SuggestionsSetting {
  readonly options: readonly string[];
  /** Set when the value started like JSON but was not an array of strings (nothing is shown). */
  readonly error?: string;
}

/**
 * Reads the `suggestions` attribute: a JSON array of strings (`["Prices?","Opening hours"]`) or
 * texts separated by `|` (`Prices?|Opening hours`). A value starting with `[` must be valid JSON.
 */
export function parseSuggestions(value: string | null | undefined): SuggestionsSetting {
  const text = value?.trim() ?? '';
  if (!text.startsWith('[')) return { options: tidy(text.split('|')) };
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.every((entry) => typeof entry === 'string')) return { options: tidy(parsed) };
  } catch {
    // Said below, with what a valid value looks like.
  }
  return {
    options: [],
    error: `suggestions must be a JSON array of strings or texts separated by "|", e.g. ["Prices?","Opening hours"]; got ${text.slice(0, 80)}`,
  };
}

/** The options of a `suggest_replies` call's arguments, or null when they are not `{ options: string[] }`. */
export function suggestReplyOptions(args: unknown): string[] | null {
  const options = (args as { options?: unknown } | null)?.options;
  if (!Array.isArray(options)) return null;
  const tidied = tidy(options);
  return tidied.length ? tidied : null;
}
