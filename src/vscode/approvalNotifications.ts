// The notification that comes with an approval request: the same choices as the tree's buttons (Approve,
// Reject, and Show Diff for a step that changes files), non-modal, so the run's other steps go on. One
// notification at a time asks about a step that is still waiting; the next one shows once that step is
// answered, here or in the tree. VS Code cannot close a notification, so one answered from the tree stays
// until dismissed, and a late click on it does nothing but say so.
import * as vscode from 'vscode';
import type { ApprovalRequest } from '../core/ports';
import { approvalMessage } from '../core/view/approvalPrompt';
import type { ApprovalNotifier, PendingApprovals } from './pendingApprovals';
import type { PreviewDocuments } from './previewDocuments';

const APPROVE = 'Approve';
const REJECT = 'Reject';
const SHOW_DIFF = 'Show Diff';

export class ApprovalNotifications implements ApprovalNotifier, vscode.Disposable {
  private showing: ApprovalRequest | undefined;
  private readonly queue: ApprovalRequest[] = [];
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly approvals: PendingApprovals,
    private readonly previews: PreviewDocuments,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.subscription = approvals.onDidChange(() => {
      if (this.showing && !this.isOpen(this.showing)) this.next();
    });
  }

  async notify(request: ApprovalRequest): Promise<void> {
    if (this.showing && this.isOpen(this.showing)) {
      this.queue.push(request);
      return;
    }
    await this.show(request);
  }

  private isOpen(request: ApprovalRequest): boolean {
    return this.approvals.get(request.stepId) === request;
  }

  private next(): void {
    this.showing = undefined;
    for (let request = this.queue.shift(); request; request = this.queue.shift()) {
      if (this.isOpen(request)) {
        void this.show(request);
        return;
      }
    }
  }

  private async show(request: ApprovalRequest): Promise<void> {
    this.showing = request;
    const choices = request.preview.kind === 'fileChanges' ? [APPROVE, REJECT, SHOW_DIFF] : [APPROVE, REJECT];
    for (;;) {
      const choice = await vscode.window.showInformationMessage(approvalMessage(request), ...choices);
      if (!this.isOpen(request)) {
        if (choice) vscode.window.setStatusBarMessage(`Planwright: ${request.stepId} was already answered`, 5_000);
        break;
      }
      if (choice === APPROVE || choice === REJECT) {
        this.approvals.answer(request.stepId, choice === APPROVE ? 'approved' : 'rejected');
        this.log.info(`${request.stepId} ${choice === APPROVE ? 'approved' : 'rejected'} by the user (notification)`);
        break;
      }
      if (choice !== SHOW_DIFF) break;
      await this.previews.showDiff(request);
    }
    if (this.showing === request) this.next();
  }

  dispose(): void {
    this.subscription.dispose();
    this.queue.length = 0;
  }
}
