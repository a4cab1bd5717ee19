// The Planwright view and the run's status bar item: the tree, its description ("step k of n"), a badge
// counting the steps that wait for approval, and the status bar text (step k of n, tokens so far). They
// follow the session's changes; a step that starts waiting scrolls the "Waiting for you" section into sight.
import * as vscode from 'vscode';
import { planRowStatus } from '../../core/view/planTreeModel';
import { progressText } from '../../core/view/runProgress';
import { statusBarText } from '../../core/view/statusBarText';
import { COMMANDS, VIEWS } from '../ids';
import type { PlanSession } from './planSession';
import { PlanTreeProvider, type PlanTreeElement } from './planTreeProvider';

const STATUS_ICONS: Readonly<Record<string, string>> = {
  running: '$(loading~spin)',
  awaitingApproval: '$(question)',
  needsReplan: '$(warning)',
  paused: '$(debug-pause)',
  succeeded: '$(pass-filled)',
  failed: '$(error)',
  cancelled: '$(close)',
};

export class PlanView implements vscode.Disposable {
  readonly provider: PlanTreeProvider;
  readonly treeView: vscode.TreeView<PlanTreeElement>;
  private readonly statusBar: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly session: PlanSession) {
    this.provider = new PlanTreeProvider(() => session.treeInput());
    this.treeView = vscode.window.createTreeView(VIEWS.plan, { treeDataProvider: this.provider, showCollapseAll: true });
    this.statusBar = vscode.window.createStatusBarItem('planwright.run', vscode.StatusBarAlignment.Left, 50);
    this.statusBar.name = 'Planwright run';
    this.subscriptions.push(
      session.loadedPlan.onDidChange(() => this.update()),
      session.runs.onDidChange(() => this.update()),
      session.approvals.onDidChange((stepIds) => {
        this.update();
        void this.revealWaiting(stepIds);
      }),
    );
    this.provider.rebuild();
  }

  private update(): void {
    this.provider.refresh();
    const run = this.session.runs.state;
    const waiting = this.session.approvals.all().length;
    this.treeView.badge = waiting > 0 ? { value: waiting, tooltip: `${waiting} ${waiting === 1 ? 'step waits' : 'steps wait'} for your approval` } : undefined;
    if (!run) {
      this.treeView.description = undefined;
      this.statusBar.hide();
      return;
    }
    const executing = this.session.runs.executing;
    const status = planRowStatus(run, executing, waiting);
    const progress = progressText(run);
    this.treeView.description = progress;
    this.statusBar.text = `${STATUS_ICONS[status] ?? '$(checklist)'} Planwright: ${statusBarText(status, waiting, executing, progress)}`;
    this.statusBar.tooltip = run.statusReason ? `${run.status}: ${run.statusReason}` : `Run ${run.runId}: ${run.status}`;
    this.statusBar.command = this.session.runs.resumable ? COMMANDS.runPlan : `${VIEWS.plan}.focus`;
    this.statusBar.show();
  }

  /** Opens the view and scrolls its "Waiting for you" section into sight. */
  async showWaiting(): Promise<void> {
    await vscode.commands.executeCommand(`${VIEWS.plan}.focus`);
    await this.revealWaiting();
  }

  /** Scrolls the "Waiting for you" section into view when a step starts waiting (and the view is visible). */
  private async revealWaiting(stepIds?: readonly string[]): Promise<void> {
    if (!this.treeView.visible || (stepIds && !stepIds.some((stepId) => this.session.approvals.get(stepId)))) return;
    this.provider.rebuild();
    const element = this.provider.waitingElement();
    if (element) await Promise.resolve(this.treeView.reveal(element, { select: false, focus: false, expand: true })).catch(() => undefined);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.statusBar.dispose();
    this.treeView.dispose();
    this.provider.dispose();
  }
}
