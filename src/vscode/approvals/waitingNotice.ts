// The one notification that says steps wait for approval, with a single harmless "Show" button that opens the
// Planwright view. It never carries Approve or Reject: VS Code cannot withdraw a notification, so a step
// button in one would stay live-looking in the notification centre after the step was answered elsewhere,
// paused or cancelled. The answers live in the "Waiting for you" section and the preview's title bar.
// At most one such notification is open at a time, and none while the Planwright view is visible. VS Code cannot
// change an open notification's text either, so its count is the one when it opened; the next one, once it is
// closed, says how many wait then. The window and the words come in as ports, so the rule is unit-tested.
import type { Localize } from '../../core/ports';
import type { ApprovalNotifier, PendingApprovals } from './pendingApprovals';

/** The window function the notice shows itself with (vscode.window's). */
export interface NoticeWindow {
  showInformationMessage(message: string, ...buttons: string[]): Thenable<string | undefined>;
}

/** The notification's text for `count` waiting steps. */
export function waitingNoticeText(l10n: Localize, count: number): string {
  return count === 1 ? l10n.t('Planwright: 1 step waits for your approval.') : l10n.t('Planwright: {0} steps wait for your approval.', count);
}

export class WaitingNotice implements ApprovalNotifier {
  private open = false;

  constructor(
    private readonly approvals: Pick<PendingApprovals, 'all'>,
    private readonly viewVisible: () => boolean,
    private readonly show: () => Thenable<unknown>,
    private readonly window: NoticeWindow,
    private readonly l10n: Localize,
  ) {}

  async notify(): Promise<void> {
    if (this.open || this.viewVisible()) return;
    const count = this.approvals.all().length;
    if (count === 0) return;
    this.open = true;
    try {
      const show = this.l10n.t('Show');
      const choice = await this.window.showInformationMessage(waitingNoticeText(this.l10n, count), show);
      if (choice === show) await this.show();
    } finally {
      this.open = false;
    }
  }
}
