// Split against a fused arm, task by task: the runs of one task in both arms form a pair, and a group of
// pairs (every task, one family, one step-count band) gives the ratios split/fused of total tokens,
// completion tokens and latency percentiles, each with a bootstrap interval that resamples whole
// tasks (both arms together, so the pairing holds in every resample).
import type { ArmName } from './benchArms';
import { percentile } from './benchStats';
import { bootstrap, type Estimate } from './bootstrap';
import type { ReportProfile, RunFigures } from './runFigures';
import { hashString, mixSeed } from './tasks/random';

/** The step-count bands the report groups tasks by. */
export const STEP_BANDS: readonly { readonly name: string; readonly min: number; readonly max: number }[] = [
  { name: '1', min: 1, max: 1 },
  { name: '2-5', min: 2, max: 5 },
  { name: '6-10', min: 6, max: 10 },
  { name: '11-20', min: 11, max: 20 },
  { name: '21-40', min: 21, max: 40 },
];

/** The band a task of `steps` steps falls in (`41+` past the last). */
export function bandOf(steps: number): string {
  return STEP_BANDS.find((band) => steps >= band.min && steps <= band.max)?.name ?? '41+';
}

/** The arms split is compared with. */
export type FusedArm = Extract<ArmName, 'fused' | 'fused-serial'>;

/** split ÷ a fused arm over one group of tasks on one profile. */
export interface PairedRatios {
  readonly profile: ReportProfile;
  readonly kind: 'all' | 'family' | 'band';
  /** `all`, the family's name, or the band (`2-5`). */
  readonly group: string;
  readonly against: FusedArm;
  readonly tasks: number;
  /** Prompt + completion tokens, summed over the group's tasks. */
  readonly tokens: Estimate;
  readonly completion: Estimate;
  readonly latencyP50: Estimate;
  readonly latencyP95: Estimate;
  readonly latencyP99: Estimate;
  /** The share of the group's tasks that split finished sooner. */
  readonly splitFaster: number;
}

const taskKey = (figures: RunFigures): string => `${figures.run.set}/${figures.run.taskId}`;

/** The pairs of `figures` (one profile) whose task ran in split and in `against`, in task order. */
export function pairsOf(figures: readonly RunFigures[], against: FusedArm): { readonly split: RunFigures; readonly other: RunFigures }[] {
  const others = new Map(figures.filter((f) => f.run.arm === against).map((f) => [taskKey(f), f]));
  return figures.filter((f) => f.run.arm === 'split' && others.has(taskKey(f))).map((split) => ({ split, other: others.get(taskKey(split))! }));
}

/** The paired ratios of a group; undefined when no task of it ran in both arms. */
export function pairedRatios(
  figures: readonly RunFigures[],
  group: { readonly profile: ReportProfile; readonly kind: PairedRatios['kind']; readonly group: string; readonly against: FusedArm },
  seed: number,
): PairedRatios | undefined {
  const pairs = pairsOf(figures, group.against);
  if (pairs.length === 0) return undefined;
  const total = (f: RunFigures) => f.promptTokens + f.completionTokens;
  const statistics = (indices: readonly number[]): number[] => {
    let tokens = [0, 0];
    let completion = [0, 0];
    const split: number[] = [];
    const other: number[] = [];
    for (const index of indices) {
      const pair = pairs[index]!;
      tokens = [tokens[0]! + total(pair.split), tokens[1]! + total(pair.other)];
      completion = [completion[0]! + pair.split.completionTokens, completion[1]! + pair.other.completionTokens];
      split.push(pair.split.latencyMs);
      other.push(pair.other.latencyMs);
    }
    split.sort((a, b) => a - b);
    other.sort((a, b) => a - b);
    return [tokens[0]! / tokens[1]!, completion[0]! / completion[1]!, ...[50, 95, 99].map((p) => percentile(split, p) / percentile(other, p))];
  };
  const [tokens, completion, latencyP50, latencyP95, latencyP99] = bootstrap(pairs.length, statistics, { seed: mixSeed(seed, hashString(`${group.profile}/${group.kind}/${group.group}/${group.against}`)) });
  return {
    ...group,
    tasks: pairs.length,
    tokens: tokens!,
    completion: completion!,
    latencyP50: latencyP50!,
    latencyP95: latencyP95!,
    latencyP99: latencyP99!,
    splitFaster: pairs.filter((pair) => pair.split.latencyMs < pair.other.latencyMs).length / pairs.length,
  };
}

/** An arm's latency percentiles on one profile, each with its bootstrap interval. */
export function latencyEstimates(latencies: readonly number[], seed: number): { readonly p50: Estimate; readonly p95: Estimate; readonly p99: Estimate } {
  const [p50, p95, p99] = bootstrap(latencies.length, (indices) => {
    const sample = indices.map((index) => latencies[index]!).sort((a, b) => a - b);
    return [50, 95, 99].map((p) => percentile(sample, p));
  }, { seed });
  return { p50: p50!, p95: p95!, p99: p99! };
}
