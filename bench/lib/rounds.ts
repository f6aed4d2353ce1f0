/**
 * How the latency benches schedule and read their samples: a warm-up, then rounds of every subject
 * on every cell in turn (so a time limit leaves every cell the same count, and the shared machine's
 * load falls on all subjects alike), and the cells in report order.
 */
import type { NetworkProfile } from './network.ts';
import { elapsedSeconds, progress } from './progress.ts';

/** Options of `runRounds`. */
export interface RoundsOptions<R, P = NetworkProfile> {
  /** The subjects; `afterWarmUp` may remove some (the array is read again for every round). */
  runners: R[];
  /** The profiles (or any cells a sample runs in): every round runs every runner in each. */
  profiles: readonly P[];
  /** Rounds wanted. */
  samples: number;
  /** Rounds run whatever the time: fewer make no median worth reading. @default 0 */
  minRounds?: number;
  /** Start no new round (beyond `minRounds`) after this many seconds since the bench began. */
  deadlineSeconds: number;
  /** What is measured, for the progress line. */
  label: string;
  /** One sample of `runner` on `profile`; `counted` is false for the warm-up. */
  run(runner: R, profile: P, counted: boolean): Promise<void>;
  /** Called after the warm-up samples, before the rounds. */
  afterWarmUp?(): void;
}

/**
 * One uncounted warm-up sample per subject (browser process, disk caches, JIT), then rounds of one
 * sample of every subject on every profile, in turn, so a time limit leaves every cell with the
 * same count and the shared machine's load falls on all subjects alike. Returns the rounds run.
 */
export async function runRounds<R, P = NetworkProfile>(options: RoundsOptions<R, P>): Promise<number> {
  const { runners, profiles, samples } = options;
  for (const runner of [...runners]) await options.run(runner, profiles[0]!, false);
  options.afterWarmUp?.();
  progress(`${options.label}: up to ${samples} rounds of ${runners.length} subjects × ${profiles.length} profiles …`);
  let rounds = 0;
  for (; rounds < samples; rounds++) {
    if (rounds >= (options.minRounds ?? 0) && elapsedSeconds() > options.deadlineSeconds) break;
    for (const profile of profiles) for (const runner of runners) await options.run(runner, profile, true);
    if ((rounds + 1) % 5 === 0 && rounds + 1 < samples) progress(`  round ${rounds + 1} of ${samples} done`);
  }
  if (rounds < samples) progress(`  time budget reached after ${rounds} of ${samples} rounds`);
  return rounds;
}

/** The cell of one subject on one profile in `cells` (keyed `subject|profile`), made by `empty` at first. */
export function cellFor<C>(cells: Map<string, C>, subjectId: string, profileId: string, empty: () => C): C {
  const key = `${subjectId}|${profileId}`;
  let cell = cells.get(key);
  if (cell === undefined) cells.set(key, (cell = empty()));
  return cell;
}

/**
 * The cells of a run in report order: each subject that ran (in `subjects` order), each profile,
 * with what was collected for it (`cells` keyed `subject|profile`).
 */
export function* cellsInOrder<C, Id extends string = NetworkProfile['id']>(
  subjects: ReadonlyArray<{ id: string }>,
  ran: ReadonlyArray<{ id: string }>,
  profiles: ReadonlyArray<{ id: Id }>,
  cells: ReadonlyMap<string, C>,
): Generator<{ subject: string; profile: Id; cell: C }> {
  for (const subject of subjects) {
    if (!ran.some((r) => r.id === subject.id)) continue;
    for (const profile of profiles) {
      const cell = cells.get(`${subject.id}|${profile.id}`);
      if (cell) yield { subject: subject.id, profile: profile.id, cell };
    }
  }
}
