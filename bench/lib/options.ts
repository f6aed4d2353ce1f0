/**
 * The command line of `npm run bench` (see bench/run.ts for what each option does), parsed and
 * checked in one place: a wrong step name or a number that is not one stops the bench with one
 * sentence saying what is wrong, before anything is built or measured.
 */

import { JOIN_SUBJECTS, joinCells, type JoinSubjectId } from './join-cells.ts';

/** The steps `--only=` chooses from, in the order the bench runs them. */
export const STEPS = [
  'build',
  'js',
  'contact',
  'latency',
  'click-join',
  'chat',
  'markdown',
  'widget',
  'lighthouse',
] as const;
/** One step of the bench. */
export type Step = (typeof STEPS)[number];

/**
 * Steps that run only when named (`--only=…`): click → join samples 9 cells × 4 subjects per round
 * (≈ 2.5 min a round on 2 shared cores), more than the whole default run's 5-minute budget. The
 * report carries its last run's figures, dated, when it did not run (bench/run.ts). The Markdown
 * row (bench/markdown-stream.ts, issue 34) prints its lines and budget verdicts; not in the report yet.
 */
export const OPT_IN_STEPS: readonly Step[] = ['click-join', 'markdown'];

/** Parsed options. */
export interface BenchOptions {
  /** Steps to run. */
  steps: ReadonlySet<Step>;
  /** Click rounds (one sample of each subject on each profile). */
  samples: number;
  /** Chat rounds. */
  chatSamples: number;
  /** Click → join rounds (one sample of each subject in each cell). */
  joinSamples: number;
  /** Click → join cells to run (`--join-cells=none/0,fast-mobile/0`); undefined: all. */
  joinCells?: string[];
  /** Click → join subjects to run (`--join-subjects=ours,vapi-web`); undefined: all. */
  joinSubjects?: JoinSubjectId[];
  /** The click → ready bench's call-machine stand-in, kB gzip (`--machine-kb=500`). */
  machineKb: number;
  /** Lighthouse mobile runs per route. */
  runs: number;
  /** Lighthouse desktop runs per route. */
  desktopRuns: number;
  /** Seconds the whole run may take. */
  budget: number;
  /** Also rewrite BENCHMARKS.md and the README's budget table. */
  updateBenchmarks: boolean;
}

const KNOWN = [
  'only',
  'samples',
  'chat-samples',
  'join-samples',
  'join-cells',
  'join-subjects',
  'machine-kb',
  'runs',
  'desktop-runs',
  'budget',
];
const FLAGS = ['--no-build', '--update-benchmarks'];

/** A comma-separated list of names from `known` (undefined when the option is absent). */
function names(option: string, raw: string | undefined, known: readonly string[]): string[] | undefined {
  if (raw === undefined) return undefined;
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = list.filter((s) => !known.includes(s));
  if (unknown.length || !list.length)
    throw new Error(
      `--${option}=${raw}: ${unknown.length ? `unknown ${unknown.join(', ')}` : 'names none'}; choose from ${known.join(', ')}.`,
    );
  return list;
}

function integer(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min)
    throw new Error(`--${name}=${raw}: expected a whole number ≥ ${min}.`);
  return value;
}

/**
 * Parses the bench's arguments (`process.argv.slice(2)`).
 * @throws Error with a one-sentence message on an unknown option, step or a bad number.
 */
export function parseBenchArgs(input: readonly string[]): BenchOptions {
  // `--only click-join` reads as `--only=click-join` (npm passes both forms on).
  const args: string[] = [];
  for (let i = 0; i < input.length; i++) {
    const arg = input[i]!;
    const name = /^--([a-z-]+)$/.exec(arg)?.[1];
    if (name && KNOWN.includes(name) && i + 1 < input.length && !input[i + 1]!.startsWith('--'))
      args.push(`${arg}=${input[++i]}`);
    else args.push(arg);
  }
  const values = new Map<string, string>();
  for (const arg of args) {
    if (FLAGS.includes(arg)) continue;
    const match = /^--([a-z-]+)=(.*)$/.exec(arg);
    if (!match || !KNOWN.includes(match[1]!)) {
      throw new Error(`Unknown option ${arg}: use ${[...FLAGS, ...KNOWN.map((k) => `--${k}=…`)].join(', ')}.`);
    }
    values.set(match[1]!, match[2]!);
  }
  const only = values
    .get('only')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only?.filter((s) => !(STEPS as readonly string[]).includes(s));
  if (unknown?.length) throw new Error(`Unknown step(s) ${unknown.join(', ')}: choose from ${STEPS.join(', ')}.`);
  if (only && !only.length) throw new Error(`--only= names no step: choose from ${STEPS.join(', ')}.`);
  const noBuild = args.includes('--no-build');
  const steps = new Set<Step>(
    only ? (only as Step[]) : STEPS.filter((s) => (s !== 'build' || !noBuild) && !OPT_IN_STEPS.includes(s)),
  );
  const lighthouseAlone = steps.size === 1 && steps.has('lighthouse');
  const joinAlone = steps.has('click-join') && !steps.has('latency') && !steps.has('chat') && !steps.has('lighthouse');
  return {
    steps,
    samples: integer('samples', values.get('samples'), 15, 1),
    chatSamples: integer('chat-samples', values.get('chat-samples'), 8, 1),
    // `--only=click-join --samples=8` means eight click → join rounds.
    joinSamples: integer(
      'join-samples',
      values.get('join-samples') ?? (steps.has('latency') ? undefined : values.get('samples')),
      8,
      1,
    ),
    joinCells: names(
      'join-cells',
      values.get('join-cells'),
      joinCells().map((c) => c.id),
    ),
    joinSubjects: names(
      'join-subjects',
      values.get('join-subjects'),
      JOIN_SUBJECTS.map((s) => s.id),
    ) as JoinSubjectId[] | undefined,
    // 250 kB gzip: the size issue 35 measured with (and 500 kB); below 10 kB no bundle is realistic.
    machineKb: integer('machine-kb', values.get('machine-kb'), 250, 10),
    runs: integer('runs', values.get('runs'), 3, 1),
    desktopRuns: integer('desktop-runs', values.get('desktop-runs'), 1, 0),
    // Lighthouse or click → join alone get an hour: that is how to get every run on a slow machine.
    budget: integer('budget', values.get('budget'), lighthouseAlone || joinAlone ? 3600 : 285, 1),
    updateBenchmarks: args.includes('--update-benchmarks'),
  };
}
