// The tree-only step commands (inline buttons and the context menu, hidden from the palette): Approve,
// Reject/Skip, Retry, Undo Step, Show Output, Delete Step, Move Up and Move Down. Each takes the
// tree element it was invoked on, or a step id when another command or a test invokes it; Delete and Undo
// ask for confirmation only when invoked from the tree. Approvals are answered only here, by the user.
import * as vscode from 'vscode';
import { failureWords } from '../../core/plan/checkEvidence';
import { moveInExecutionOrder, removeStep } from '../../core/plan/planEdits';
import { shorten } from '../../core/text/shorten';
import { commandRegistrar } from '../commandRegistrar';
import { COMMANDS } from '../ids';
import type { PlanSession } from './planSession';
import type { PlanTreeElement } from './planTreeProvider';
import { previewStepId, type PreviewDocuments } from '../approvals/previewDocuments';
import type { RunHost } from '../run/runHost';
import { describeError, reportFailure, showError, summarizeProblems } from '../userMessages';
import type { RunDocuments } from '../run/runDocuments';

/** What the step commands work with. */
export interface StepCommandDeps {
  readonly session: PlanSession;
  readonly previews: PreviewDocuments;
  readonly log: vscode.LogOutputChannel;
  readonly ports: RunHost['ports'];
  /** Where a step's output opens, read-only, so closing it never asks to save it. */
  readonly documents: RunDocuments;
}

/** The step a command was invoked on: a tree element, a step id, or a preview document's URI (the editor title). */
export function stepIdOf(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (target instanceof vscode.Uri) return previewStepId(target);
  const element = target as Partial<PlanTreeElement> | undefined;
  return typeof element?.stepId === 'string' && element.stepId !== '' ? element.stepId : undefined;
}

/** The run a command's tree element belongs to, when it is a waiting row of a run the plan tree does not show. */
export function runIdOf(target: unknown): string | undefined {
  const runId = (target as Partial<PlanTreeElement> | undefined)?.runId;
  return typeof runId === 'string' ? runId : undefined;
}

function approve(deps: StepCommandDeps, target: unknown): boolean {
  const stepId = stepIdOf(target);
  if (!stepId) return false;
  const runId = runIdOf(target);
  const answered = deps.session.approvals.answer(stepId, 'approved', runId);
  if (answered) deps.log.info(`${runId ? `Run ${runId}: ` : ''}${stepId} approved by the user`);
  else {
    const step = deps.session.stepName(stepId);
    void vscode.window.showInformationMessage(
      deps.session.runs.executing ? vscode.l10n.t('{0} is not waiting for approval.', step) : vscode.l10n.t('{0} is not waiting for approval: run the plan and it asks.', step),
    );
  }
  return answered;
}

/** Rejects a waiting step; skips any other step that has not succeeded (its dependents are invalidated). */
async function rejectOrSkip(deps: StepCommandDeps, target: unknown): Promise<boolean> {
  const stepId = stepIdOf(target);
  if (!stepId) return false;
  const runId = runIdOf(target);
  if (deps.session.approvals.answer(stepId, 'rejected', runId)) {
    deps.log.info(`${runId ? `Run ${runId}: ` : ''}${stepId} rejected by the user`);
    return true;
  }
  // Another run's question that went meanwhile: skipping is for the steps of the run the tree shows.
  if (runId) return false;
  try {
    const result = await deps.session.runs.skip(stepId);
    if (!result.ok) void vscode.window.showInformationMessage(result.reason);
    return result.ok;
  } catch (error) {
    reportFailure(deps.log, vscode.l10n.t('Could not skip {0}', deps.session.stepName(stepId)), error);
    return false;
  }
}

async function retry(deps: StepCommandDeps, target: unknown): Promise<boolean> {
  const stepId = stepIdOf(target);
  if (!stepId) return false;
  try {
    const result = await deps.session.runs.retry(stepId);
    if (!result.ok) {
      void vscode.window.showInformationMessage(result.reason);
      return false;
    }
    deps.log.info(`${stepId} will be tried again`);
    if (!deps.session.runs.executing) void vscode.commands.executeCommand(COMMANDS.runPlan);
    return true;
  } catch (error) {
    reportFailure(deps.log, vscode.l10n.t('Could not retry {0}', deps.session.stepName(stepId)), error);
    return false;
  }
}

async function undo(deps: StepCommandDeps, target: unknown): Promise<boolean> {
  const stepId = stepIdOf(target);
  const before = stepId ? (deps.session.runs.state?.steps.get(stepId)?.before ?? []) : [];
  if (!stepId || before.length === 0) return false;
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Planwright changes no files in an untrusted workspace; trust the workspace to undo a step.'));
    return false;
  }
  if (target !== stepId && !(await confirmUndo(deps.session.stepName(stepId), before))) return false;
  try {
    const result = await deps.session.runs.undo(stepId);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Planwright: restored {0}', result.restored.join(', ') || vscode.l10n.t('nothing (the files were already as before)')), 8_000);
    return true;
  } catch (error) {
    reportFailure(deps.log, vscode.l10n.t('Could not undo {0}', deps.session.stepName(stepId)), error);
    return false;
  }
}

async function confirmUndo(step: string, before: readonly { readonly path: string; readonly content?: string | null }[]): Promise<boolean> {
  const files = before.map((snapshot) => (snapshot.content === null ? vscode.l10n.t('{0} (deleted: it did not exist)', snapshot.path) : snapshot.path)).join(', ');
  const undoLabel = vscode.l10n.t('Undo');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Undo {0}? {1} will be put back as they were before it ran; changes made to them since are lost.', step, files),
    { modal: true },
    undoLabel,
  );
  return choice === undoLabel;
}

async function showOutput(deps: StepCommandDeps, target: unknown): Promise<vscode.TextDocument | undefined> {
  const stepId = stepIdOf(target);
  // A replaced step's row shows the run it had when a re-plan replaced it, not the run of its successor.
  const revision = (target as Partial<PlanTreeElement> | undefined)?.replacedInRevision;
  const state = deps.session.runs.state;
  const replaced = revision === undefined ? undefined : state?.replaced.find((entry) => entry.step.id === stepId && entry.replacedInRevision === revision);
  const run = !stepId ? undefined : revision === undefined ? state?.steps.get(stepId) : replaced?.run;
  if (!stepId || !run) return undefined;
  // Why it failed in words (a failed check as the tree says it), then the output's tail.
  const planStep = replaced?.step ?? deps.session.plan?.steps.find((candidate) => candidate.id === stepId);
  const failure = run.failure ? `${failureWords(planStep, run.failure, run.checkDetail)}\n\n${run.failure.outputTail ?? ''}` : undefined;
  const parts = [run.output?.text, failure].filter((part): part is string => Boolean(part));
  if (parts.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} has no output yet.', deps.session.stepName(stepId)));
    return undefined;
  }
  // A replaced step is not in the current plan, so it is named by its title and the revision that replaced it.
  const step = replaced ? vscode.l10n.t('{0} (replaced in rev {1})', replaced.step.title ?? stepId, replaced.replacedInRevision) : deps.session.stepName(stepId);
  // A title may hold a path; a slash in the document's name would leave only its last part on the tab.
  const name = vscode.l10n.t('Output of {0}', step).replace(/[\\/]/g, '∕');
  return (await deps.documents.show(`${name}.log`, parts.join('\n\n---\n\n'), 'log')).document;
}

/** Applies a plan edit from a step command; refused edits show their problems on the steps and in a message. */
async function edit(deps: StepCommandDeps, stepId: string, what: string, failed: string, change: (plan: NonNullable<PlanSession['plan']>) => NonNullable<PlanSession['plan']>, renames?: ReadonlyMap<string, string>): Promise<boolean> {
  const plan = deps.session.plan;
  if (!plan) return false;
  try {
    const outcome = await deps.session.applyEdit(change(plan), `${what} ${deps.session.stepName(stepId)} by hand`, renames);
    if (!outcome.ok) showError(deps.log, summarizeProblems(deps.log, failed, outcome.problems));
    return outcome.ok;
  } catch (error) {
    showError(deps.log, `${failed}: ${describeError(error, deps.log)}`);
    return false;
  }
}

async function deleteStep(deps: StepCommandDeps, target: unknown): Promise<boolean> {
  const stepId = stepIdOf(target);
  const step = deps.session.plan?.steps.find((candidate) => candidate.id === stepId);
  if (!stepId || !step) return false;
  if (target !== stepId) {
    const deleteLabel = vscode.l10n.t('Delete');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Delete step {0}?', shorten(deps.session.stepName(stepId), 70)), { modal: true }, deleteLabel);
    if (choice !== deleteLabel) return false;
  }
  return edit(deps, stepId, 'Deleted', vscode.l10n.t('Could not delete {0}', deps.session.stepName(stepId)), (plan) => removeStep(plan, stepId));
}

/**
 * Moves a step in execution order; a move above a step it depends on is refused with the reason. Before the
 * plan has run the ids follow the new order; once it has, its journal keys them, so they stay.
 */
function move(deps: StepCommandDeps, target: unknown, delta: -1 | 1): Promise<boolean> {
  const stepId = stepIdOf(target);
  const plan = deps.session.plan;
  if (!stepId || !plan) return Promise.resolve(false);
  const moved = moveInExecutionOrder(plan, stepId, delta, deps.session.runs.state === undefined);
  if (!moved.ok) {
    void vscode.window.showInformationMessage(moved.reason);
    return Promise.resolve(false);
  }
  const failed = delta < 0 ? vscode.l10n.t('Could not move up {0}', deps.session.stepName(stepId)) : vscode.l10n.t('Could not move down {0}', deps.session.stepName(stepId));
  return edit(deps, stepId, delta < 0 ? 'Moved up' : 'Moved down', failed, () => moved.plan, moved.renames);
}

/** Registers the step commands; the caller owns the returned disposables. */
export function registerStepCommands(deps: StepCommandDeps): vscode.Disposable[] {
  const registerCommand = commandRegistrar(deps.log);
  return [
    registerCommand(COMMANDS.approveStep, (target?: unknown) => approve(deps, target)),
    registerCommand(COMMANDS.rejectStep, (target?: unknown) => rejectOrSkip(deps, target)),
    registerCommand(COMMANDS.retryStep, (target?: unknown) => retry(deps, target)),
    registerCommand(COMMANDS.undoStep, (target?: unknown) => undo(deps, target)),
    registerCommand(COMMANDS.showStepOutput, (target?: unknown) => showOutput(deps, target)),
    registerCommand(COMMANDS.deleteStep, (target?: unknown) => deleteStep(deps, target)),
    registerCommand(COMMANDS.moveStepUp, (target?: unknown) => move(deps, target, -1)),
    registerCommand(COMMANDS.moveStepDown, (target?: unknown) => move(deps, target, 1)),
  ];
}
