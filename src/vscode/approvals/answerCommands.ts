// Approve Step and Reject Step for the palette and the keyboard: a command run from a keybinding gets no tree
// element, so these find their step themselves: the one the user points at (the selected row of the Planwright
// view, or the step the active preview shows) when it waits, else the only waiting step, else one the user picks
// (core/view/waitingTarget.ts). A step whose edit cannot apply is not approved: it says to edit or re-plan it.
import * as vscode from 'vscode';
import { approvalSummary } from '../../core/view/approvalPrompt';
import { previewProblem, waitingOrder } from '../../core/view/waitingSection';
import { answerTarget } from '../../core/view/waitingTarget';
import { commandRegistrar } from '../commandRegistrar';
import { COMMANDS } from '../ids';
import type { PlanSession } from '../plan/planSession';
import type { PlanTreeElement } from '../plan/planTreeProvider';

/** Where a keybinding says the user points: the Planwright view's focused row, or the active preview. */
type PointedFrom = 'tree' | 'editor';

/** What the answer commands work with. */
export interface AnswerCommandDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
  readonly treeView: vscode.TreeView<PlanTreeElement>;
  /** The step the active preview tab shows, if any. */
  readonly activePreview: () => string | undefined;
}

/** The step the user points at: from a keybinding's `from`, or (from the palette) the active preview, else the selected row. */
function pointedStep(deps: AnswerCommandDeps, from: unknown): string | undefined {
  const selected = deps.treeView.selection[0]?.stepId;
  if (from === ('tree' satisfies PointedFrom)) return selected;
  if (from === ('editor' satisfies PointedFrom)) return deps.activePreview();
  return deps.activePreview() ?? selected;
}

/** The waiting step to answer, asking the user to pick one when several wait and none is pointed at. */
async function targetStep(deps: AnswerCommandDeps, from: unknown, verb: string): Promise<string | undefined> {
  const { session } = deps;
  const plan = session.plan;
  const requests = plan ? waitingOrder(plan, session.approvals.all()) : session.approvals.all();
  const target = answerTarget(pointedStep(deps, from), requests.map((request) => request.stepId));
  if (target.kind === 'none') {
    void vscode.window.showInformationMessage(vscode.l10n.t('No step is waiting for approval.'));
    return undefined;
  }
  if (target.kind === 'step') return target.stepId;
  const picked = await vscode.window.showQuickPick(
    requests.map((request) => ({ label: session.stepName(request.stepId), detail: approvalSummary(vscode.l10n, request), stepId: request.stepId })),
    { title: verb, placeHolder: vscode.l10n.t('The waiting step to answer') },
  );
  return picked?.stepId;
}

async function approveWaiting(deps: AnswerCommandDeps, from: unknown): Promise<boolean> {
  const stepId = await targetStep(deps, from, vscode.l10n.t('Approve Step'));
  const request = stepId === undefined ? undefined : deps.session.approvals.get(stepId);
  if (!stepId || !request) return false;
  const problem = previewProblem(request.preview);
  if (problem !== undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} cannot apply ({1}); approving it would only fail it. Edit the step or re-plan it instead.', deps.session.stepName(stepId), problem));
    return false;
  }
  return (await vscode.commands.executeCommand<boolean>(COMMANDS.approveStep, stepId)) === true;
}

async function rejectWaiting(deps: AnswerCommandDeps, from: unknown): Promise<boolean> {
  const stepId = await targetStep(deps, from, vscode.l10n.t('Reject Step'));
  // Reject / Skip skips a step that no longer waits: answered meanwhile, it is left as it is.
  return stepId !== undefined && deps.session.approvals.get(stepId) !== undefined && (await vscode.commands.executeCommand<boolean>(COMMANDS.rejectStep, stepId)) === true;
}

/** Registers Approve Step and Reject Step; the caller owns the returned disposables. */
export function registerAnswerCommands(deps: AnswerCommandDeps): vscode.Disposable[] {
  const registerCommand = commandRegistrar(deps.log);
  return [
    registerCommand(COMMANDS.approveWaitingStep, (from?: unknown) => approveWaiting(deps, from)),
    registerCommand(COMMANDS.rejectWaitingStep, (from?: unknown) => rejectWaiting(deps, from)),
  ];
}
