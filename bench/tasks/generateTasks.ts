// The task set: task i of seed s comes from family i mod F with its own random stream, and carries a
// fault with probability `faultRate` (its own stream again, so changing the rate changes no fixture); a task
// without a fault carries a lapse with probability `lapseRate` (a third stream, so neither rate moves the other).
import { BenchTaskSchema, type BenchTask } from './benchTask';
import { injectFault } from './injectFault';
import { injectLapse } from './injectLapse';
import { createRandom, mixSeed } from './random';
import { TASK_FAMILIES } from './taskFamilies';

/** What to generate. */
export interface TaskSetOptions {
  readonly count: number;
  readonly seed: number;
  /** Probability that a task's run hits an injected fault. */
  readonly faultRate: number;
  /** Probability that a task without a fault hits an injected lapse (a step left out until a check fails); none when unset. */
  readonly lapseRate?: number;
}

/** The benchmark's task set: 300 tasks, faults on about 12% of them, lapses drawn for about 12% of the others (one happens when the task has a step to leave out). */
export const DEFAULT_TASK_SET: TaskSetOptions = { count: 300, seed: 1, faultRate: 0.12, lapseRate: 0.12 };

/** Stream tags, so the fault and lapse draws never share numbers with the fixture draw or each other. */
const FAULT_STREAM = 0xfa017;
const LAPSE_STREAM = 0x1a95e;

/** Task number `index` of the set. */
export function generateTask(index: number, options: Pick<TaskSetOptions, 'seed' | 'faultRate' | 'lapseRate'>): BenchTask {
  const family = TASK_FAMILIES[index % TASK_FAMILIES.length]!;
  const draft = family.build(createRandom(mixSeed(options.seed, index)));
  const faultRandom = createRandom(mixSeed(options.seed, index, FAULT_STREAM));
  const { steps, fault } = faultRandom.chance(options.faultRate) ? injectFault(draft, faultRandom) : { steps: draft.steps, fault: undefined };
  const lapseRandom = createRandom(mixSeed(options.seed, index, LAPSE_STREAM));
  const lapse = !fault && lapseRandom.chance(options.lapseRate ?? 0) ? injectLapse(steps, draft.groundTruth, lapseRandom) : undefined;
  return BenchTaskSchema.parse({
    id: `t${String(index).padStart(3, '0')}-${family.name}`,
    family: family.name,
    index,
    goal: draft.goal,
    files: draft.files,
    openFiles: [...draft.openFiles],
    groundTruth: [...draft.groundTruth],
    plan: { version: 1, goal: draft.goal, steps: [...steps] },
    ...(fault ? { fault } : {}),
    ...(lapse ? { lapse } : {}),
    workerReplies: [...(draft.workerReplies ?? [])],
    summary: draft.summary,
  });
}

/** The first `count` tasks of the set. */
export function generateTasks(options: TaskSetOptions = DEFAULT_TASK_SET): BenchTask[] {
  return Array.from({ length: options.count }, (_, index) => generateTask(index, options));
}
