// The task sets a benchmark run can draw from: `v1`, the 300 generated tasks every earlier report used
// (kept unchanged so figures compare before and after), `v2`, closer to real work (large fixtures,
// changes found by search), and `all`, every set in turn. A set is a generator of BenchTasks with its
// own defaults for count, seed, fault rate and (v1) lapse rate.
import type { BenchTask } from './tasks/benchTask';
import { DEFAULT_TASK_SET, generateTasks, type TaskSetOptions } from './tasks/generateTasks';
import { DEFAULT_V2_TASK_SET, generateTasksV2 } from './tasks/v2/generateTasksV2';

/** One named task set. */
export interface TaskSet {
  readonly name: string;
  /** Count, seed and fault rate when the command line names none. */
  readonly defaults: TaskSetOptions;
  generate(options: TaskSetOptions): BenchTask[];
}

/** Every task set, in the order `all` runs them. */
export const TASK_SETS: readonly TaskSet[] = [
  { name: 'v1', defaults: DEFAULT_TASK_SET, generate: generateTasks },
  { name: 'v2', defaults: DEFAULT_V2_TASK_SET, generate: (options) => generateTasksV2(options.seed, options.count, options.faultRate) },
];

/** What `--set` accepts: a set's name, or `all`. */
export const TASK_SET_CHOICES: readonly string[] = [...TASK_SETS.map((set) => set.name), 'all'];

/** The set a run uses when none is named. */
export const DEFAULT_SET_NAME = 'v1';

/** The sets `choice` names, or undefined when it names none. */
export function taskSetsFor(choice: string): readonly TaskSet[] | undefined {
  if (choice === 'all') return TASK_SETS;
  const set = TASK_SETS.find((candidate) => candidate.name === choice);
  return set ? [set] : undefined;
}

/** A task tagged with the set it came from (ids are unique within a set, not across sets). */
export interface SetTask {
  readonly set: string;
  readonly task: BenchTask;
}

/** The tasks of `sets`: each set's first `count` (its own default count when undefined), seed, fault and lapse rate overridable. */
export function tasksOf(sets: readonly TaskSet[], overrides: { readonly count?: number; readonly seed?: number; readonly faultRate?: number; readonly lapseRate?: number }): SetTask[] {
  return sets.flatMap((set) => {
    const options: TaskSetOptions = {
      count: overrides.count ?? set.defaults.count,
      seed: overrides.seed ?? set.defaults.seed,
      faultRate: overrides.faultRate ?? set.defaults.faultRate,
      lapseRate: overrides.lapseRate ?? set.defaults.lapseRate,
    };
    return set.generate(options).map((task) => ({ set: set.name, task }));
  });
}
