// The one notification that says steps wait for approval, with a single harmless "Show" button that opens the
// Planwright view. It never carries Approve or Reject: VS Code cannot withdraw a notification, so a step
// button in one would stay live-looking in the notification centre after the step was answered elsewhere,
// paused or cancelled. The answers live in the "Waiting for you" section and the preview's title bar.
// At most one such notification is open at a time, and none while the Planwright view is visible.
import * as vscode from 'vscode';
import type { ApprovalNotifier, PendingApprovals } from './pendingApprovals';


/** The notification's text for `count` waiting steps. */
export function waitingNoticeText(count: number): string {
  return count === 1 ? vscode.l10n.t('Planwright: 1 step waits for your approval.') : vscode.l10n.t('Planwright: {0} steps wait for your approval.', count);
}

export class WaitingNotice implements ApprovalNotifier {
  private open = false;

  constructor(
    private readonly approvals: PendingApprovals,
    private readonly viewVisible: () => boolean,
    private readonly show: () => Thenable<unknown>,
  ) {}

  async notify(): Promise<void> {
    if (this.open || this.viewVisible()) return;
    const count = this.approvals.all().length;
    if (count === 0) return;
    this.open = true;
    try {
      const show = vscode.l10n.t('Show');
      const choice = await vscode.window.showInformationMessage(waitingNoticeText(count), show);
      if (choice === show) await this.show();
    } finally {
      this.open = false;
    }
  }
}
