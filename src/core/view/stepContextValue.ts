// The contextValue grammar of the plan tree's rows, which package.json menus match with anchored regexes:
// `plan:<runStatus>` for the goal row, `step:<status>` followed by the step's flags in a fixed order
// (`step:awaitingApproval:asking:diff:editable:files`, `step:failed:editable:retryable:skippable`), `replaced`
// for a step a re-plan replaced, `substep:<status>` for a sub-plan's step and `detail` for the rows under a step. One function builds each, so menus and
// tests agree. The "Waiting for you" rows have their own grammar (waitingSection.ts).
import type { StepStatus } from '../plan/stepStatus';

/**
 * What can be done with a step row, each a `:flag` in the contextValue (in this order). `asking`: its approval
 * question is open now (a paused run's waiting step has none, so it offers no Approve); `files`: its tool
 * changes files, so it has a diff to show.
 */
export const STEP_FLAGS = ['asking', 'diff', 'editable', 'files', 'output', 'retryable', 'skippable', 'undoable'] as const;
export type StepFlag = (typeof STEP_FLAGS)[number];

/** The run status shown on the goal row, `idle` when the plan has not run, `undone` once its files were put back. */
export type PlanRowStatus = 'idle' | 'running' | 'awaitingApproval' | 'needsReplan' | 'paused' | 'succeeded' | 'failed' | 'cancelled' | 'undone';

/** `step:<status>` then `:<flag>` for each flag that is set, in `STEP_FLAGS` order. */
export function stepContextValue(status: StepStatus, flags: Partial<Record<StepFlag, boolean>> = {}): string {
  return ['step', status, ...STEP_FLAGS.filter((flag) => flags[flag] === true)].join(':');
}

/**
 * `substep:<status>` for a step of a sub-plan. It has no flags: editing, moving, retrying, skipping or
 * undoing acts on the top run's steps, so a child's step is looked at and its parent step acted on.
 */
export function subStepContextValue(status: StepStatus): string {
  return `substep:${status}`;
}

/** `plan:<status>` for the goal row. */
export function planContextValue(status: PlanRowStatus): string {
  return `plan:${status}`;
}

/** The contextValue of a step a re-plan replaced (kept visible, nothing to do with it). */
export const REPLACED_CONTEXT_VALUE = 'replaced';
/** The contextValue of the "Replaced in rev N" group row. */
export const REPLACED_GROUP_CONTEXT_VALUE = 'replacedGroup';
/** The contextValue of a detail row under a step (postcondition, dependencies, output, ...). */
export const DETAIL_CONTEXT_VALUE = 'detail';

/**
 * The `when` clause that matches step rows with `flag`: `viewItem =~ /^step:[A-Za-z]+(:[a-z]+)*:flag(:|$)/`.
 * package.json holds these clauses literally; a unit test checks they match what `stepContextValue` builds.
 */
export function whenStepHasFlag(flag: StepFlag): string {
  return `viewItem =~ /^step:[A-Za-z]+(:[a-z]+)*:${flag}(:|$)/`;
}

/** The `when` clause that matches step rows in `status`: `viewItem =~ /^step:status(:|$)/`. */
export function whenStepIs(status: StepStatus): string {
  return `viewItem =~ /^step:${status}(:|$)/`;
}

/** The `when` clause that matches the goal row in one of `statuses`: `viewItem =~ /^plan:(undone|paused)$/`. */
export function whenPlanIs(...statuses: readonly PlanRowStatus[]): string {
  return `viewItem =~ /^plan:(${statuses.join('|')})$/`;
}

/** The goal row of a run that ended or was undone: Run Again starts it afresh. */
export const RUN_ENDED_ROWS: readonly PlanRowStatus[] = ['succeeded', 'failed', 'cancelled', 'undone'];
/** The goal row of a run that stopped before its end: Resume Run carries it on. */
export const RUN_STOPPED_ROWS: readonly PlanRowStatus[] = ['paused', 'needsReplan', 'awaitingApproval'];

/** The `when` clause that matches the goal row in any status: `viewItem =~ /^plan:/`. */
export const WHEN_PLAN_ROW = 'viewItem =~ /^plan:/';
