// Pure scheduling decisions: which ready steps start now (parallel up to a limit for steps that work on
// this machine and another for steps that wait on the worker model, never two writers of one file at once), which steps a failure invalidates, and whether the run has anything left to do.
import { dependentsOf, readySteps } from '../plan/planGraph';
import type { Step, ValidPlan } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import { stepReferenceList } from '../plan/stepNumbers';
import { NOT_STARTED_STATUSES } from '../run/stepTransitions';

/** How many steps may run at once: `local` ones (files, commands) and ones that wait on the worker model. */
export interface ParallelLimits {
  readonly local: number;
  readonly model: number;
}

/**
 * The approved, ready steps to start now, in plan order: at most `limits.model` running of the steps
 * `callsModel` picks out and `limits.local` of the others, and none whose files (`writesOf`) overlap the
 * files of a running step or of a step chosen before it.
 */
export function stepsToStart(
  plan: ValidPlan,
  statuses: ReadonlyMap<string, StepStatus>,
  limits: ParallelLimits,
  writesOf: (step: Step) => readonly string[],
  callsModel: (step: Step) => boolean = () => false,
): Step[] {
  const running = plan.steps.filter((step) => statuses.get(step.id) === 'running');
  const busyFiles = new Set(running.flatMap((step) => writesOf(step).map(fileKey)));
  const taken = { local: 0, model: 0 };
  for (const step of running) taken[callsModel(step) ? 'model' : 'local']++;
  const chosen: Step[] = [];
  for (const step of readySteps(plan, statuses)) {
    if (taken.local >= limits.local && taken.model >= limits.model) break;
    if (statuses.get(step.id) !== 'approved') continue;
    const pool = callsModel(step) ? 'model' : 'local';
    if (taken[pool] >= limits[pool]) continue;
    const files = writesOf(step).map(fileKey);
    if (files.some((file) => busyFiles.has(file))) continue;
    for (const file of files) busyFiles.add(file);
    taken[pool]++;
    chosen.push(step);
  }
  return chosen;
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

/** `statuses`, with the steps in `starting` counted as running (their start is on its way to the journal). */
export function countedAsRunning(statuses: ReadonlyMap<string, StepStatus>, starting: ReadonlySet<string>): ReadonlyMap<string, StepStatus> {
  if (starting.size === 0) return statuses;
  const counted = new Map(statuses);
  for (const id of starting) counted.set(id, 'running');
  return counted;
}
