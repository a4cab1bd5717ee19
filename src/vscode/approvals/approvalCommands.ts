// The approval commands beyond Approve / Reject: Preview Step (a row's click: its diff, or its exact command)
// and Always Allow This Exact Command… (adds the command line to the user's `planwright.approvedCommands`
// after a modal confirmation, then approves the step). The bulk approvals are in bulkApprovals.ts.
import * as vscode from 'vscode';
import { isCompoundCommand } from '../../core/text/compoundCommand';
import { commandRegistrar } from '../commandRegistrar';
import { COMMANDS } from '../ids';
import type { PlanSession } from '../plan/planSession';
import type { PreviewDocuments } from './previewDocuments';
import { previewOf, type StepPreviewDeps } from './stepPreview';
import { runIdOf, stepIdOf } from '../plan/stepCommands';

/** What the approval commands work with. */
export interface ApprovalCommandDeps extends StepPreviewDeps {
  readonly session: PlanSession;
  readonly previews: PreviewDocuments;
  readonly log: vscode.LogOutputChannel;
}

async function showStepPreview(deps: ApprovalCommandDeps, target: unknown): Promise<boolean> {
  // Another run's question: its run is shown first, so the preview is computed over its plan.
  const runId = runIdOf(target);
  if (runId) await deps.session.runSet.showRun(runId);
  const stepId = stepIdOf(target);
  const request = stepId ? await previewOf(deps, stepId) : undefined;
  if (typeof request === 'string') void vscode.window.showInformationMessage(request);
  if (!request || typeof request === 'string') return false;
  const waiting = deps.session.approvals.get(request.stepId) !== undefined;
  if (waiting) deps.session.approvals.updatePreview(request.stepId, request.preview);
  const shown = await deps.previews.showPreview(request);
  // A question answered or withdrawn (Pause, Cancel) while its preview was being built leaves no tab behind.
  if (waiting && !deps.session.approvals.get(request.stepId)) await deps.previews.close(request.stepId);
  return shown;
}

async function alwaysAllowCommand(deps: ApprovalCommandDeps, target: unknown): Promise<boolean> {
  const stepId = stepIdOf(target);
  const request = stepId ? deps.session.approvals.get(stepId) : undefined;
  if (!stepId || request?.preview.kind !== 'command') {
    void vscode.window.showInformationMessage(stepId ? vscode.l10n.t('{0} is not a command waiting for approval.', deps.session.stepName(stepId)) : vscode.l10n.t('This step is not a command waiting for approval.'));
    return false;
  }
  const { command } = request.preview;
  if (isCompoundCommand(command)) {
    void vscode.window.showInformationMessage(vscode.l10n.t('`{0}` chains, pipes or redirects, so it is always shown before it runs; approve it once instead.', command));
    return false;
  }
  const allow = vscode.l10n.t('Always Allow');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Always allow `{0}`?', command),
    { modal: true, detail: vscode.l10n.t('Planwright will run this exact command line without asking, in every workspace, from now on (your user setting planwright.approvedCommands). {0} is approved now.', deps.session.stepName(stepId)) },
    allow,
  );
  if (choice !== allow) return false;
  const config = vscode.workspace.getConfiguration('planwright');
  const current = config.inspect<string[]>('approvedCommands')?.globalValue ?? [];
  if (!current.includes(command)) await config.update('approvedCommands', [...current, command], vscode.ConfigurationTarget.Global);
  deps.log.info(`"${command}" added to planwright.approvedCommands (user settings) by the user`);
  // The run keeps the settings it started with: the steps waiting on this command now are approved here, and
  // those that ask later by the gate, which reads the setting again.
  for (const approved of deps.session.approvals.approveCommand(command)) deps.log.info(`${approved} approved by the user (always allow)`);
  return true;
}

/** Registers the approval commands; the caller owns the returned disposables. */
export function registerApprovalCommands(deps: ApprovalCommandDeps): vscode.Disposable[] {
  const registerCommand = commandRegistrar(deps.log);
  return [
    registerCommand(COMMANDS.showStepPreview, (target?: unknown) => showStepPreview(deps, target)),
    registerCommand(COMMANDS.alwaysAllowCommand, (target?: unknown) => alwaysAllowCommand(deps, target)),
  ];
}
