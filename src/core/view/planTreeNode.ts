// The shape of the plan tree's rows and of what the tree is built from: a plan, its source, its run (live or
// replayed), the approvals waiting for an answer and the problems of the last edit. Pure types, no logic.
import type { ApprovalPreview, ClaimHolder } from '../ports';
import type { OtherRuns, RunApprovalRequest } from './waitingSection';
import type { RunState } from '../run/runState';
import type { Plan } from '../plan/planSchema';

/** What kind of row a node is. */
export type PlanTreeNodeKind = 'plan' | 'step' | 'replaced' | 'group' | 'detail' | 'waiting' | 'waitingStep' | 'doneWhen' | 'doneWhenCheck';

/** What a tree row shows, in the Plan view and the Runs view alike. `iconId` is a codicon id, `iconColor` a theme color id. */
export interface TreeRowLook {
  readonly label: string;
  readonly description: string;
  /** Markdown. */
  readonly tooltip: string;
  readonly iconId: string;
  readonly iconColor?: string;
  readonly contextValue: string;
  /** Read by screen readers instead of the label. */
  readonly accessibilityLabel: string;
}

/** One row of the plan tree; `id` is stable across refreshes. */
export interface PlanTreeNode extends TreeRowLook {
  readonly id: string;
  readonly kind: PlanTreeNodeKind;
  /** The step this row is about (for step, replaced and detail rows). */
  readonly stepId?: string;
  /** For a waiting row of a run other than the one the plan belongs to: that run. */
  readonly runId?: string;
  /** For a replaced row (and the rows under it): the revision that replaced its step. */
  readonly replacedInRevision?: number;
  /** Whether a row with children starts expanded. */
  readonly expanded: boolean;
  readonly children: readonly PlanTreeNode[];
}

/** The part of a run the tree shows; `runId` names the run whose sub-plans' child runs the tree nests. */
export type RunView = Pick<RunState, 'plan' | 'status' | 'statusReason' | 'costCapPause' | 'revision' | 'steps' | 'replaced' | 'replanReasons' | 'usage'> &
  Partial<Pick<RunState, 'recovering' | 'planOpen' | 'runId' | 'acceptance' | 'approvedScope' | 'options' | 'undone'>>;

/** A sub-plan's child run as the tree shows it, under its parent's `subplan` step. */
export type ChildRunView = RunView & Pick<RunState, 'runId' | 'startedAt'>;

/** What the tree shows: a plan, where it came from, and (once it runs) its run. */
export interface PlanTreeInput {
  /** The plan as opened or edited; a run's own plan (its current revision) takes its place once it runs. */
  readonly plan: Plan;
  /** The plan file, relative to the workspace when it is inside it (or a name for a plan not yet saved). */
  readonly source: string;
  readonly run?: RunView;
  /** True while the run executes in this window (a replayed run that is not executing can be resumed). */
  readonly executing?: boolean;
  /** Steps waiting for the user's answer now, with the kind of preview approving them comes with. */
  readonly approvals?: ReadonlyMap<string, ApprovalPreview['kind']>;
  /** The open approval questions of every run of the window, for the "Waiting for you" section above the plan. */
  readonly waiting?: readonly RunApprovalRequest[];
  /** The window's other runs, which label their questions in "Waiting for you". */
  readonly otherRuns?: OtherRuns;
  /** Problems the validation gate found with the last edit, by step id ('' for the plan as a whole). */
  readonly problems?: ReadonlyMap<string, readonly string[]>;
  /** The plan was edited and not saved. */
  readonly unsaved?: boolean;
  /** Steps that wait for another run's step to finish with a file they write, by step id (a sub-plan's by path). */
  readonly claimWaits?: ReadonlyMap<string, ClaimHolder>;
  /** The child runs of the run's sub-plans (and theirs), by run id; each shows under its `subplan` step. */
  readonly children?: ReadonlyMap<string, ChildRunView>;
}
