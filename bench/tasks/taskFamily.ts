// What a task family is: a named kind of coding task that draws its own fixture project and returns the
// goal, the ground truth and the plan a competent planner writes for it.
import type { Check } from '../../src/core/checks/checkSchema';
import type { Step } from '../../src/core/plan/planSchema';
import type { Random } from './random';

/** A family's task before a fault is injected. */
export interface TaskDraft {
  readonly goal: string;
  readonly files: Record<string, string>;
  readonly openFiles: readonly string[];
  readonly groundTruth: readonly Check[];
  /** The competent plan, in dependency order (every step after the steps it depends on). */
  readonly steps: readonly Step[];
  readonly workerReplies?: readonly string[];
  readonly summary: string;
}

/** A kind of task. */
export interface TaskFamily {
  readonly name: string;
  /** One line for reports. */
  readonly description: string;
  build(random: Random): TaskDraft;
}
