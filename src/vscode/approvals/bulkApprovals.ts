// The bulk approvals, each saying exactly what it approves: Approve Read-Only Steps (the waiting steps that
// only read), Approve All Edits… (the waiting file edits, listed by step and file in a modal before any is
// approved) and Approve Read-Only Steps for the Rest of This Run (also those that ask later in this run).
// Commands, deletions, renames, model edits and edits that can no longer apply are always answered one by one.
import * as vscode from 'vscode';
import type { RunApprovalRequest } from '../../core/view/waitingSection';
import { isReadOnlyRequest, listedEdits, shownEditsRule } from '../../core/view/bulkApproval';
import { commandRegistrar } from '../commandRegistrar';
import { COMMANDS } from '../ids';
import type { PlanSession } from '../plan/planSession';

/** What the bulk approvals work with. */
export interface BulkApprovalDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
}

function report(deps: BulkApprovalDeps, message: string): void {
  deps.log.info(message);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Planwright: {0}', message), 8_000);
}

/** What is left to answer one by one after a bulk approval, said after what it approved. */
function leftText(deps: BulkApprovalDeps, approved: readonly string[]): string {
  const left = deps.session.approvals.all().map((request) => request.stepId);
  const names = (stepIds: readonly string[]) => deps.session.stepNames(stepIds);
  if (approved.length === 0) return left.length === 0 ? vscode.l10n.t('No step is waiting for approval.') : vscode.l10n.t('Nothing was approved; {0} still wait for your own look.', names(left));
  return left.length > 0 ? vscode.l10n.t('Approved {0}. {1} still wait for your own look.', names(approved), names(left)) : vscode.l10n.t('Approved {0}.', names(approved));
}

function approveReadOnly(deps: BulkApprovalDeps): string[] {
  const approved = deps.session.approvals.approveWhere(isReadOnlyRequest);
  report(deps, approved.length === 0 && deps.session.approvals.all().length > 0 ? vscode.l10n.t('No waiting step only reads; each waiting step changes something, so approve it on its own or with Approve All Edits….') : leftText(deps, approved));
  return approved;
}

/** Lists the waiting edits in a modal and approves exactly those listed once the user says so. */
async function approveAllEdits(deps: BulkApprovalDeps): Promise<string[]> {
  const edits = listedEdits(vscode.l10n, deps.session.approvals.all(), (request) => deps.session.waitingStepName(request));
  if (edits.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No waiting step is a file edit that can be approved with others: commands, deletions, renames, model edits and edits that cannot apply are approved one by one.'));
    return [];
  }
  const approve = edits.length === 1 ? vscode.l10n.t('Approve 1 Edit') : vscode.l10n.t('Approve {0} Edits', edits.length);
  const choice = await vscode.window.showWarningMessage(
    edits.length === 1 ? vscode.l10n.t('Approve this edit without its own look?') : vscode.l10n.t('Approve these {0} edits without their own look?', edits.length),
    { modal: true, detail: edits.map((edit) => `${edit.label}: ${edit.detail}`).join('\n') },
    approve,
  );
  if (choice !== approve) return [];
  // Only what the list showed, and only while it still waits as it was shown.
  const approved = deps.session.approvals.approveWhere(shownEditsRule(edits));
  report(deps, leftText(deps, approved));
  return approved;
}

function approveReadOnlyInRun(deps: BulkApprovalDeps): string[] {
  const runId = deps.session.runs.state?.runId;
  if (!runId || !deps.session.runs.executing) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No run is in progress.'));
    return [];
  }
  // Only this run's questions: another run of the window keeps asking as it did.
  const rule = (request: RunApprovalRequest) => request.runId === runId && isReadOnlyRequest(request);
  deps.session.approvals.setAutoApproval(rule);
  const approved = deps.session.approvals.approveWhere(rule);
  const message =
    approved.length > 0
      ? vscode.l10n.t('Steps that only read are approved for the rest of this run; approved {0}. File edits, commands and everything else still ask.', deps.session.stepNames(approved))
      : vscode.l10n.t('Steps that only read are approved for the rest of this run. File edits, commands and everything else still ask.');
  report(deps, message);
  return approved;
}

/** Registers the bulk approvals; the caller owns the returned disposables. */
export function registerBulkApprovals(deps: BulkApprovalDeps): vscode.Disposable[] {
  const registerCommand = commandRegistrar(deps.log);
  return [
    registerCommand(COMMANDS.approveReadOnly, () => approveReadOnly(deps)),
    registerCommand(COMMANDS.approveAllEdits, () => approveAllEdits(deps)),
    registerCommand(COMMANDS.approveReadOnlyInRun, () => approveReadOnlyInRun(deps)),
  ];
}
