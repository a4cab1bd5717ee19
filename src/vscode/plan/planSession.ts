// The plan being worked on in this window and its run, seen as one thing: what the tree shows, which plan
// an edit starts from, and where an edit goes — into the open plan before it runs, or through the executor
// as the run's next revision once it has run. With several runs in the window (RunSet), it is the shown one's plan
// and run; "Waiting for you" lists every run's questions, the others' labelled by run. Every edit passes the validation gate; refused edits put
// their problems on the steps they concern.
import * as vscode from 'vscode';
import { problemsByStep } from '../../core/plan/planEdits';
import type { PlanProblem } from '../../core/plan/planProblem';
import type { Plan, ValidPlan } from '../../core/plan/planSchema';
import { stepReference, stepReferenceList } from '../../core/plan/stepNumbers';
import { validatePlan } from '../../core/plan/validatePlan';
import type { PlanTreeInput } from '../../core/view/planTreeNode';
import type { LoadedPlan } from './loadedPlan';
import type { PendingApprovals } from '../approvals/pendingApprovals';
import type { RunController } from '../run/runController';
import type { RunSet } from '../run/runSet';
import { shorten } from '../../core/text/shorten';
import { otherRunOf, type OtherRuns, type RunApprovalRequest } from '../../core/view/waitingSection';

/** How an edit went: applied, or refused with the gate's problems. */
export type EditOutcome = { readonly ok: true } | { readonly ok: false; readonly problems: readonly PlanProblem[] };

export class PlanSession {
  private readonly renamed = new vscode.EventEmitter<ReadonlyMap<string, string>>();
  /** Fires with the ids an applied edit changed (old to new): a move renumbers the steps of a plan that has not run. */
  readonly onDidRenameSteps: vscode.Event<ReadonlyMap<string, string>> = this.renamed.event;

  constructor(
    readonly loadedPlan: LoadedPlan,
    readonly runSet: RunSet,
    readonly approvals: PendingApprovals,
  ) {}

  /** The run the Plan view shows (one of the window's runs). */
  get runs(): RunController {
    return this.runSet.shown;
  }

  /** The window's other runs that ask something now, by run id, for "Waiting for you" to label their questions. */
  private otherRuns(): OtherRuns {
    const shownRunId = this.runs.runFiles?.runId;
    const runs = new Map<string, { label: string; plan: Plan }>();
    for (const controller of this.runSet.all) {
      const state = controller.state;
      if (state && state.runId !== shownRunId) runs.set(state.runId, { label: shorten(state.plan.goal, 40), plan: state.plan });
    }
    return { ...(shownRunId ? { shownRunId } : {}), runs };
  }

  /** The plan as it stands: the run's current revision once it has run, else the open plan. */
  get plan(): Plan | undefined {
    return this.runs.state?.plan ?? this.loadedPlan.current?.plan;
  }

  /** How a message names a waiting step of any of the window's runs: another run's with that run's goal after it. */
  waitingStepName(request: Pick<RunApprovalRequest, 'runId' | 'stepId'>): string {
    const other = otherRunOf(request, this.otherRuns());
    return other ? vscode.l10n.t('{0} (run: {1})', stepReference(other.plan, request.stepId), other.label) : this.stepName(request.stepId);
  }

  /** How a message names a step: its number and title in the plan as it stands ("3 Test the flag"). */
  stepName(stepId: string): string {
    const plan = this.plan;
    return plan ? stepReference(plan, stepId) : stepId;
  }

  /** Several steps named for one message: "1 Read the CLI, 3 Test the flag". */
  stepNames(stepIds: readonly string[]): string {
    const plan = this.plan;
    return plan ? stepReferenceList(plan, stepIds) : stepIds.join(', ');
  }

  /** What the tree shows now. */
  treeInput(): PlanTreeInput | undefined {
    const file = this.loadedPlan.current;
    if (!file) return undefined;
    const run = this.runs.state;
    return {
      plan: file.plan,
      source: file.source,
      ...(run ? { run } : {}),
      ...(this.runs.children.size > 0 ? { children: this.runs.children } : {}),
      ...(this.runs.waitsOnOtherRuns.size > 0 ? { claimWaits: this.runs.waitsOnOtherRuns } : {}),
      executing: this.runs.executing,
      approvals: new Map(this.approvals.ofRun(this.runs.runFiles?.runId).map((request) => [request.stepId, request.preview.kind])),
      waiting: this.approvals.all(),
      otherRuns: this.otherRuns(),
      problems: this.loadedPlan.problems,
      ...(file.unsaved ? { unsaved: true } : {}),
    };
  }

  /** The plan, validated, for a run; the gate's problems when it does not pass. */
  validPlan(): { readonly ok: true; readonly plan: ValidPlan } | { readonly ok: false; readonly problems: readonly PlanProblem[] } {
    const plan = this.plan;
    if (!plan) return { ok: false, problems: [{ path: '', message: 'no plan is open' }] };
    const verdict = validatePlan(plan);
    return verdict.ok ? verdict : { ok: false, problems: verdict.problems };
  }

  /**
   * Applies an edited plan: through the executor as the run's next revision once the plan has run (a run
   * in progress pauses for it and carries on), otherwise into the open plan. Refused edits show their
   * problems on the steps.
   */
  async applyEdit(edited: Plan, reason: string, renames: ReadonlyMap<string, string> = new Map()): Promise<EditOutcome> {
    const verdict = validatePlan(edited);
    if (!verdict.ok) return this.refuse(verdict.problems);
    if (this.runs.state) {
      const revised = await this.runs.revise(verdict.plan, reason);
      if (!revised.ok) return this.refuse(revised.problems);
      this.loadedPlan.edit(revised.plan);
    } else {
      this.loadedPlan.edit(verdict.plan);
    }
    if (renames.size > 0) this.renamed.fire(renames);
    return { ok: true };
  }

  dispose(): void {
    this.renamed.dispose();
  }

  /** Clears the problems shown for the last refused edit. */
  clearProblems(): void {
    if (this.loadedPlan.problems.size > 0) this.loadedPlan.setProblems(new Map());
  }

  private refuse(problems: readonly PlanProblem[]): EditOutcome {
    this.loadedPlan.setProblems(problemsByStep(problems));
    return { ok: false, problems };
  }
}
