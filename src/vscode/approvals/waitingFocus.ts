// Keeps the keyboard's place in the "Waiting for you" section: when the step of the selected row is answered
// (by a keybinding, the palette, a row's button or its preview), the next waiting row takes the selection and
// the focus, so the next ↓ or keybinding goes on from there rather than from the top of the tree.
import * as vscode from 'vscode';
import { nextWaiting } from '../../core/view/waitingTarget';
import { Disposable } from '../disposableStore';
import type { PlanTreeElement, PlanTreeProvider } from '../plan/planTreeProvider';
import type { PendingApprovals } from './pendingApprovals';

export class WaitingFocus extends Disposable {
  constructor(
    private readonly approvals: PendingApprovals,
    private readonly provider: PlanTreeProvider,
    private readonly treeView: vscode.TreeView<PlanTreeElement>,
  ) {
    super();
    this._register(approvals.onDidChange((stepIds) => void this.answered(stepIds)));
  }

  private waitingRows(): PlanTreeElement[] {
    const section = this.provider.waitingElement();
    return section ? this.provider.getChildren(section) : [];
  }

  private async answered(stepIds: readonly string[]): Promise<void> {
    const selected = this.treeView.selection[0]?.stepId;
    if (!this.treeView.visible || selected === undefined || !stepIds.includes(selected) || this.approvals.get(selected)) return;
    // The rows as they were, before the answered one left them.
    const order = this.waitingRows().map((row) => row.stepId ?? '');
    this.provider.rebuild();
    const next = nextWaiting(order, selected, (stepId) => this.approvals.get(stepId) !== undefined);
    const row = next === undefined ? undefined : this.waitingRows().find((candidate) => candidate.stepId === next);
    if (row) await Promise.resolve(this.treeView.reveal(row, { select: true, focus: true })).catch(() => undefined);
  }
}
