/**
 * The command line of `npm run bench` (see bench/run.ts for what each option does), parsed and
 * checked in one place: a wrong step name or a number that is not one stops the bench with one
 * sentence saying what is wrong, before anything is built or measured.
 */

/** The steps `--only=` chooses from, in the order the bench runs them. */
export const STEPS = ['build', 'js', 'contact', 'latency', 'chat', 'widget', 'lighthouse'] as const;
/** One step of the bench. */
export type Step = (typeof STEPS)[number];

/** Parsed options. */
export interface BenchOptions {
  /** Steps to run. */
  steps: ReadonlySet<Step>;
  /** Click rounds (one sample of each subject on each profile). */
  samples: number;
  /** Chat rounds. */
  chatSamples: number;
  /** Lighthouse mobile runs per route. */
  runs: number;
  /** Lighthouse desktop runs per route. */
  desktopRuns: number;
  /** Seconds the whole run may take. */
  budget: number;
  /** Also rewrite BENCHMARKS.md and the README's budget table. */
  updateBenchmarks: boolean;
}

const KNOWN = ['only', 'samples', 'chat-samples', 'runs', 'desktop-runs', 'budget'];
const FLAGS = ['--no-build', '--update-benchmarks'];

function integer(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) throw new Error(`--${name}=${raw}: expected a whole number ≥ ${min}.`);
  return value;
}

/**
 * Parses the bench's arguments (`process.argv.slice(2)`).
 * @throws Error with a one-sentence message on an unknown option, step or a bad number.
 */
export function parseBenchArgs(args: readonly string[]): BenchOptions {
  const values = new Map<string, string>();
  for (const arg of args) {
    if (FLAGS.includes(arg)) continue;
    const match = /^--([a-z-]+)=(.*)$/.exec(arg);
    if (!match || !KNOWN.includes(match[1]!)) {
      throw new Error(`Unknown option ${arg}: use ${[...FLAGS, ...KNOWN.map((k) => `--${k}=…`)].join(', ')}.`);
    }
    values.set(match[1]!, match[2]!);
  }
  const only = values.get('only')?.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = only?.filter((s) => !(STEPS as readonly string[]).includes(s));
  if (unknown?.length) throw new Error(`Unknown step(s) ${unknown.join(', ')}: choose from ${STEPS.join(', ')}.`);
  if (only && !only.length) throw new Error(`--only= names no step: choose from ${STEPS.join(', ')}.`);
  const noBuild = args.includes('--no-build');
  const steps = new Set<Step>(only ? (only as Step[]) : STEPS.filter((s) => s !== 'build' || !noBuild));
  const lighthouseAlone = steps.size === 1 && steps.has('lighthouse');
  return {
    steps,
    samples: integer('samples', values.get('samples'), 15, 1),
    chatSamples: integer('chat-samples', values.get('chat-samples'), 8, 1),
    runs: integer('runs', values.get('runs'), 3, 1),
    desktopRuns: integer('desktop-runs', values.get('desktop-runs'), 1, 0),
    // Lighthouse alone gets an hour: that is how to get every run on a slow machine.
    budget: integer('budget', values.get('budget'), lighthouseAlone ? 3600 : 285, 1),
    updateBenchmarks: args.includes('--update-benchmarks'),
  };
}
