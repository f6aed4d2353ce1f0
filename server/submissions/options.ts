/** The command line of `npm run submissions`: its options, their parsing and the usage text. */
import { FORMATS, type Format } from './format.ts';

/** Parsed command line of `npm run submissions`. */
export interface CliOptions {
  format: Format;
  since?: Date;
  help: boolean;
}

/** Usage text (`dataDir` is the default data folder shown). */
export function usage(dataDir: string): string {
  return `Usage: npm run submissions [-- --format table|csv|json] [--since <date | 30m | 12h | 7d>]

Lists the stored contact requests, newest first, with the delivery state of each (webhook, email).
Reads DATABASE_URL when it is set, otherwise the embedded database in DATA_DIR (default ${dataDir}).
  --format table  (default) invisible and control characters shown as escapes (\\n, \\u{202e})
  --format csv    CSV for spreadsheets: escaped like the table, formulas neutralised with a leading '
  --format json   a JSON array (lossless; invisible characters as \\uXXXX)
  --csv, --json   the same as --format csv, --format json
  --since X       only requests since a date, a date and time, or a duration back from now
`;
}

/**
 * Parses `--since`: a date or date-time (ISO 8601, e.g. 2026-11-01 or 2026-11-01T09:00Z) or a
 * duration back from `now` (`30m`, `12h`, `7d`). Throws one sentence otherwise.
 */
export function parseSince(value: string, now: Date = new Date()): Date {
  const relative = /^(\d+)\s*([mhd])$/i.exec(value.trim());
  if (relative) {
    const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[(relative[2] ?? 'd').toLowerCase() as 'm' | 'h' | 'd'];
    return new Date(now.getTime() - Number(relative[1]) * unit);
  }
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/i.test(value.trim())) {
    const date = new Date(value.trim());
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new Error(
    `--since takes a date (2026-11-01), a date and time (2026-11-01T09:00Z) or a duration (30m, 12h, 7d), not ${JSON.stringify(value)}.`,
  );
}

/** Parses the arguments (after `--`). Throws one sentence on an unknown, incomplete or conflicting option. */
export function parseArgs(args: readonly string[], now?: Date): CliOptions {
  const options: CliOptions = { format: 'table', help: false };
  let chosen: string | null = null;
  const choose = (format: string, how: string) => {
    if (!(FORMATS as readonly string[]).includes(format))
      throw new Error(`--format takes ${FORMATS.join(', ')}, not ${JSON.stringify(format)}.`);
    if (chosen !== null && options.format !== format)
      throw new Error(`Choose one format: ${chosen} and ${how} disagree.`);
    chosen = how;
    options.format = format as Format;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (flag === '--csv' || flag === '--json') choose(flag.slice(2), flag);
    else if (flag === '--format') {
      const value = inline ?? args[++i];
      if (value === undefined) throw new Error(`--format needs a value: ${FORMATS.join(', ')}.`);
      choose(value, `--format ${value}`);
    } else if (flag === '--since') {
      const value = inline ?? args[++i];
      if (value === undefined) throw new Error('--since needs a value, e.g. --since 7d or --since 2026-11-01.');
      options.since = parseSince(value, now);
    } else if (flag === '--help' || flag === '-h') options.help = true;
    else throw new Error(`Unknown option ${JSON.stringify(arg)}.\n\n${usage('.data/postgres')}`);
  }
  return options;
}
