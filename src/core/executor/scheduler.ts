// Pure scheduling decisions: which ready steps start now (parallel up to a limit for steps that work on
// this machine and another for steps that wait on the worker model, never two writers of one file at once), which steps a failure invalidates, and whether the run has anything left to do.
import { dependentsOf } from '../plan/planGraph';
import type { Step, ValidPlan } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import { stepReferenceList } from '../plan/stepNumbers';
import { NOT_STARTED_STATUSES } from '../run/stepTransitions';

/** How many steps may run at once: `local` ones (files, commands) and ones that wait on the worker model. */
export interface ParallelLimits {
  readonly local: number;
  readonly model: number;
}

/** The steps a turn may start, and the running ones it must share files and pools with (`ReadyFrontier`). */
export interface StartCandidates {
  /** Approved ready steps that work on this machine, in plan order. */
  readonly local: readonly Step[];
  /** Approved ready steps that wait on the worker model, in plan order. */
  readonly model: readonly Step[];
  readonly running: readonly Step[];
  poolOf(step: Step): 'local' | 'model';
  positionOf(step: Step): number;
}

/**
 * The approved, ready steps to start now, in plan order: at most `limits.model` running of the steps that
 * wait on the worker model and `limits.local` of the others, and none whose files (`writesOf`) overlap the
 * files of a running step or of a step chosen before it. `starting` were chosen before and are not running
 * yet: they count as running. A pool that is full stops its search, so a turn costs what it starts.
 */
export function stepsToStart(candidates: StartCandidates, starting: readonly Step[], limits: ParallelLimits, writesOf: (step: Step) => readonly string[]): Step[] {
  const busy = [...candidates.running, ...starting];
  const busyFiles = new Set(busy.flatMap((step) => writesOf(step).map(fileKey)));
  const startingIds = new Set(starting.map((step) => step.id));
  const taken = { local: 0, model: 0 };
  for (const step of busy) taken[candidates.poolOf(step)]++;
  const next = { local: 0, model: 0 };
  const chosen: Step[] = [];
  for (;;) {
    const open = (['local', 'model'] as const).filter((pool) => taken[pool] < limits[pool] && next[pool] < candidates[pool].length);
    if (open.length === 0) return chosen;
    // The pools' lists merged in plan order.
    const pool = open.length === 1 ? open[0]! : candidates.positionOf(candidates.local[next.local]!) < candidates.positionOf(candidates.model[next.model]!) ? 'local' : 'model';
    const step = candidates[pool][next[pool]++]!;
    if (startingIds.has(step.id)) continue;
    const files = writesOf(step).map(fileKey);
    if (files.some((file) => busyFiles.has(file))) continue;
    for (const file of files) busyFiles.add(file);
    taken[pool]++;
    chosen.push(step);
  }
}

/** Paths are compared without `./` and case-insensitively, so `a.ts` and `./A.ts` count as one file. */
function fileKey(path: string): string {
  return path.replace(/^(\.\/)+/, '').replace(/\\/g, '/').toLowerCase();
}

/** The not-yet-started steps that transitively depend on `stepId`: a failure there invalidates them. */
export function stepsToInvalidate(plan: ValidPlan, statuses: ReadonlyMap<string, StepStatus>, stepId: string): string[] {
  const dependents = dependentsOf(plan, stepId);
  return plan.steps
    .filter((step) => dependents.has(step.id) && NOT_STARTED_STATUSES.has(statuses.get(step.id) ?? 'pending'))
    .map((step) => step.id);
}

/** How a run stands once nothing is running and nothing more can start. */
export type RunOutcome = 'succeeded' | 'needsReplan' | 'awaitingApproval';

/**
 * Decides the outcome of a quiet run: every step succeeded or was skipped by the user → succeeded; a
 * step failed, is unknown or was invalidated → needsReplan; a step waits for approval →
 * awaitingApproval; otherwise the remaining steps wait for a step that will never succeed (a skipped
 * one) → needsReplan.
 */
export function quietOutcome(plan: ValidPlan, statuses: ReadonlyMap<string, StepStatus>): RunOutcome {
  const all = plan.steps.map((step) => statuses.get(step.id) ?? 'pending');
  if (all.every((status) => status === 'succeeded' || status === 'skipped')) return 'succeeded';
  if (all.some((status) => status === 'failed' || status === 'unknown' || status === 'invalidated' || status === 'cancelled')) {
    return 'needsReplan';
  }
  return all.includes('awaitingApproval') ? 'awaitingApproval' : 'needsReplan';
}

/** The first step (in plan order) whose failure or unknown outcome a re-plan must deal with. */
export function firstBrokenStep(plan: ValidPlan, statuses: ReadonlyMap<string, StepStatus>): Step | undefined {
  return plan.steps.find((step) => {
    const status = statuses.get(step.id);
    return status === 'failed' || status === 'unknown';
  });
}

/**
 * Why a quiet run with no failed or unknown step cannot go on: steps that stay cancelled (they had
 * started and may have had their effect) are named first, else the skipped or invalidated ones block it.
 */
export function stuckReason(plan: ValidPlan, statuses: ReadonlyMap<string, StepStatus>): string {
  const cancelled = plan.steps.filter((step) => statuses.get(step.id) === 'cancelled').map((step) => step.id);
  if (cancelled.length > 0) {
    return `${stepReferenceList(plan, cancelled)} stopped while running and may have had an effect: check what it did, then try it again or edit the plan`;
  }
  return 'some steps cannot run (skipped or invalidated); edit the plan to continue';
}
