// Approving from the keyboard: "Approve Step" and "Reject Step" (palette, Ctrl+Alt+Y / Ctrl+Alt+N in the
// Planwright view and in a step's preview, labelled buttons in a preview's title bar) answer the step in view
// (core's answerTarget decides which), then move on to the next waiting step: its row gets the focus, or, when
// the answer came from a preview, its preview opens. A banner over a command preview or a "cannot apply" text
// (a CodeLens: "Step 3 waits for you: Approve · Reject · Edit Step…") says the same; a step known not to
// apply offers Edit Step… and Re-plan instead of Approve.
import * as vscode from 'vscode';
import { answerTarget, nextWaiting, previewBanner, type BannerAction } from '../../core/view/keyboardApproval';
import { commandRegistrar } from '../commandRegistrar';
import { COMMANDS, PREVIEW_SCHEME, VIEWS } from '../ids';
import type { PlanSession } from '../plan/planSession';
import type { PlanView } from '../plan/planView';
import { stepIdOf } from '../plan/stepCommands';
import { previewStepId, tabStepId } from './previewDocuments';

/** The shortcuts package.json binds, as the banner shows them. */
const KEYS = process.platform === 'darwin' ? { approve: '⌥⌘Y', reject: '⌥⌘N' } : { approve: 'Ctrl+Alt+Y', reject: 'Ctrl+Alt+N' };

/** What keyboard approval works with. */
export interface KeyboardApprovalDeps {
  readonly session: PlanSession;
  readonly view: PlanView;
  readonly log: vscode.LogOutputChannel;
}

/** The waiting steps in the order the "Waiting for you" section lists them. */
function waitingInOrder(deps: KeyboardApprovalDeps): string[] {
  const waiting = new Set(deps.session.approvals.all().map((request) => request.stepId));
  return deps.view.waitingOrder().filter((stepId) => waiting.has(stepId));
}

/** The step an answer is about: the one the command was invoked on, else the one in view, else the user's pick. */
async function targetOf(deps: KeyboardApprovalDeps, target: unknown): Promise<string | undefined> {
  const named = stepIdOf(target);
  if (named) return named;
  const waiting = waitingInOrder(deps);
  const chosen = answerTarget(waiting, { focused: deps.view.focusedStepId(), preview: tabStepId(vscode.window.tabGroups.activeTabGroup.activeTab) });
  if (chosen === undefined) void vscode.window.showInformationMessage(vscode.l10n.t('No step is waiting for your approval.'));
  if (chosen !== 'choose') return chosen;
  const picked = await vscode.window.showQuickPick(
    waiting.map((stepId) => ({ label: deps.session.stepName(stepId), stepId })),
    { placeHolder: vscode.l10n.t('Which step?') },
  );
  return picked?.stepId;
}

async function answer(deps: KeyboardApprovalDeps, target: unknown, command: string): Promise<boolean> {
  const stepId = await targetOf(deps, target);
  if (!stepId) return false;
  const fromPreview = target instanceof vscode.Uri || tabStepId(vscode.window.tabGroups.activeTabGroup.activeTab) === stepId;
  const order = waitingInOrder(deps);
  const answered = (await vscode.commands.executeCommand<boolean>(command, stepId)) === true;
  if (!answered) return false;
  const next = nextWaiting(order, stepId, deps.session.approvals.all().map((request) => request.stepId));
  if (next && fromPreview) await vscode.commands.executeCommand(COMMANDS.showStepPreview, next);
  else if (next) await deps.view.focusWaiting(next);
  else if (!fromPreview) await vscode.commands.executeCommand(`${VIEWS.plan}.focus`);
  return true;
}

/** The banner over a waiting step's text preview (a command, or an edit that cannot apply). */
class PreviewBanner implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly session: PlanSession) {}

  refresh(): void {
    this.changed.fire();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const stepId = previewStepId(document.uri);
    const request = stepId === undefined ? undefined : this.session.approvals.get(stepId);
    if (!request) return [];
    const { heading, actions } = previewBanner(vscode.l10n, this.session.plan, request, KEYS);
    const top = new vscode.Range(0, 0, 0, 0);
    const commandOf = (action: BannerAction): vscode.Command['command'] =>
      action === 'approve' ? COMMANDS.approveStep : action === 'reject' ? COMMANDS.rejectStep : action === 'edit' ? COMMANDS.editStep : COMMANDS.replanRemaining;
    return [
      new vscode.CodeLens(top, { title: heading, command: '' }),
      ...actions.map((entry) => new vscode.CodeLens(top, { title: entry.title, command: commandOf(entry.action), arguments: entry.action === 'replan' ? [] : [request.stepId] })),
    ];
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** Registers Approve Step, Reject Step and the preview banner; the caller owns the returned disposables. */
export function registerKeyboardApproval(deps: KeyboardApprovalDeps): vscode.Disposable[] {
  const registerCommand = commandRegistrar(deps.log);
  const banner = new PreviewBanner(deps.session);
  return [
    banner,
    vscode.languages.registerCodeLensProvider({ scheme: PREVIEW_SCHEME }, banner),
    deps.session.approvals.onDidChange(() => banner.refresh()),
    registerCommand(COMMANDS.approveWaitingStep, (target?: unknown) => answer(deps, target, COMMANDS.approveStep)),
    registerCommand(COMMANDS.rejectWaitingStep, (target?: unknown) => answer(deps, target, COMMANDS.rejectStep)),
  ];
}
