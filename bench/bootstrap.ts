// Percentile bootstrap confidence intervals, seeded so a report is reproducible: resample the n items
// with replacement, compute the statistics on each resample, and take the interval's quantiles of
// what came out. Statistics come as a vector so one resample serves several figures.
import { percentile } from './benchStats';
import { createRandom } from './tasks/random';

/** A figure with the bounds of its confidence interval. */
export interface Estimate {
  readonly value: number;
  readonly low: number;
  readonly high: number;
}

/** How to resample. */
export interface BootstrapOptions {
  readonly seed: number;
  readonly resamples?: number;
  /** The interval's coverage; 0.95 by default. */
  readonly level?: number;
}

/** Resamples a report draws for each interval. */
export const DEFAULT_RESAMPLES = 1000;

/**
 * The statistics on all `n` items, each with its bootstrap interval. `statistics` gets the indices of a
 * sample (with repeats); a statistic that is not finite on a resample (a ratio over 0) is left out of
 * that statistic's interval.
 */
export function bootstrap(n: number, statistics: (indices: readonly number[]) => readonly number[], options: BootstrapOptions): Estimate[] {
  const all = Array.from({ length: n }, (_, index) => index);
  const values = statistics(all);
  const random = createRandom(options.seed);
  const draws: number[][] = values.map(() => []);
  const indices: number[] = new Array(n);
  for (let round = 0; round < (options.resamples ?? DEFAULT_RESAMPLES) && n > 0; round++) {
    for (let slot = 0; slot < n; slot++) indices[slot] = Math.floor(random.next() * n);
    statistics(indices).forEach((value, figure) => {
      if (Number.isFinite(value)) draws[figure]!.push(value);
    });
  }
  const tail = (1 - (options.level ?? 0.95)) / 2;
  return values.map((value, figure) => {
    const sorted = draws[figure]!.sort((a, b) => a - b);
    if (sorted.length === 0) return { value, low: Number.NaN, high: Number.NaN };
    return { value, low: percentile(sorted, 100 * tail), high: percentile(sorted, 100 * (1 - tail)) };
  });
}
