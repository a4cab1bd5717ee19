// The Planwright view and the run's status bar item: the tree, its description ("step k of n"), a badge
// counting the steps that wait for approval, its progress bar while the run works and nothing waits, and the
// status bar text (step k of n, tokens so far, the cost when prices are set; both count the run's sub-plans too).
// They follow the session's changes; a step that starts waiting scrolls the "Waiting for you" section into sight.
import * as vscode from 'vscode';
import { planRowStatus } from '../../core/view/planTreeModel';
import { progressText, showsRunWorking, withChildUsage } from '../../core/view/runProgress';
import { costTooltip, runCostText } from '../../core/view/runCostText';
import { runsCountText, statusBarText, statusBarTooltip } from '../../core/view/statusBarText';
import type { ModelPrices } from '../../core/cost/modelPrices';
import { COMMANDS, VIEWS } from '../ids';
import type { PlanSession } from './planSession';
import { PlanTreeProvider, type PlanTreeElement } from './planTreeProvider';
import { ViewProgress } from './viewProgress';
import { Disposable } from '../disposableStore';

const STATUS_ICONS: Readonly<Record<string, string>> = {
  running: '$(loading~spin)',
  awaitingApproval: '$(question)',
  needsReplan: '$(warning)',
  paused: '$(debug-pause)',
  succeeded: '$(pass-filled)',
  failed: '$(error)',
  cancelled: '$(close)',
  undone: '$(discard)',
};

export class PlanView extends Disposable {
  readonly provider: PlanTreeProvider;
  readonly treeView: vscode.TreeView<PlanTreeElement>;
  private readonly statusBar: vscode.StatusBarItem;
  private readonly progressBar = this._register(new ViewProgress());

  constructor(
    private readonly session: PlanSession,
    private readonly prices: () => ModelPrices = () => ({}),
  ) {
    super();
    this.provider = this._register(new PlanTreeProvider(() => session.treeInput()));
    this.treeView = this._register(vscode.window.createTreeView(VIEWS.plan, { treeDataProvider: this.provider, showCollapseAll: true }));
    this.statusBar = this._register(vscode.window.createStatusBarItem('planwright.run', vscode.StatusBarAlignment.Left, 50));
    this.statusBar.name = vscode.l10n.t('Planwright run');
    this._register(session.loadedPlan.onDidChange(() => this.update()));
    this._register(session.runSet.onDidChangeRuns(() => this.update()));
    this._register(
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
    this.treeView.badge = waiting > 0 ? { value: waiting, tooltip: waiting === 1 ? vscode.l10n.t('1 step waits for your approval') : vscode.l10n.t('{0} steps wait for your approval', waiting) } : undefined;
    const executing = this.session.runs.executing;
    this.progressBar.show(showsRunWorking(executing, waiting));
    if (!run) {
      this.treeView.description = undefined;
      this.statusBar.hide();
      return;
    }
    // The badge counts every run's questions; the shown run's status, its own.
    const status = planRowStatus(run, executing, this.session.approvals.ofRun(run.runId).length);
    const counted = withChildUsage(run, this.session.runs.children.values());
    const progress = progressText(vscode.l10n, counted);
    // A run another process holds is shown as held, by whom, rather than as resumable here.
    this.treeView.description = this.session.runs.heldElsewhere ?? progress;
    const cost = runCostText(vscode.l10n, counted, this.prices());
    const count = runsCountText(vscode.l10n, this.session.runSet.executingCount);
    const words = `Planwright: ${count ? `${count} · ` : ''}${statusBarText(vscode.l10n, status, waiting, executing, progress, run.costCapPause, run.recovering && (run.recovering.kind ?? 'replan'))}${cost ? ` · ${cost.total}` : ''}`;
    this.statusBar.text = `${STATUS_ICONS[status] ?? '$(checklist)'} ${words}`;
    // A screen reader hears the words, not the icon's id.
    this.statusBar.accessibilityInformation = { label: words };
    const tooltip = statusBarTooltip(vscode.l10n, status, run.runId, this.session.runs.heldElsewhere ?? run.statusReason);
    this.statusBar.tooltip = cost ? `${tooltip}\n${costTooltip(cost)}` : tooltip;
    this.statusBar.command = this.session.runs.resumable ? COMMANDS.resumeRun : `${VIEWS.plan}.focus`;
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
}
