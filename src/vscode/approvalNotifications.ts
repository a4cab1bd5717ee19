// The notification that comes with each approval request: the same choices as the tree's buttons
// (Approve, Reject, and Show Diff for a step that changes files), non-modal, so the run's other steps go on.
// The request may be answered from the tree first; a late click on the notification then does nothing.
import * as vscode from 'vscode';
import type { ApprovalRequest } from '../core/ports';
import { approvalMessage } from '../core/view/approvalPrompt';
import type { ApprovalNotifier, PendingApprovals } from './pendingApprovals';
import type { PreviewDocuments } from './previewDocuments';

const APPROVE = 'Approve';
const REJECT = 'Reject';
const SHOW_DIFF = 'Show Diff';

/** Shows a notification per request and answers it with the user's choice. */
export function approvalNotifier(approvals: PendingApprovals, previews: PreviewDocuments, log: vscode.LogOutputChannel): ApprovalNotifier {
  return {
    async notify(request: ApprovalRequest): Promise<void> {
      const choices = request.preview.kind === 'fileChanges' ? [APPROVE, REJECT, SHOW_DIFF] : [APPROVE, REJECT];
      for (;;) {
        const choice = await vscode.window.showInformationMessage(approvalMessage(request), ...choices);
        if (approvals.get(request.stepId) !== request) return;
        if (choice === APPROVE || choice === REJECT) {
          approvals.answer(request.stepId, choice === APPROVE ? 'approved' : 'rejected');
          log.info(`${request.stepId} ${choice === APPROVE ? 'approved' : 'rejected'} by the user (notification)`);
          return;
        }
        if (choice !== SHOW_DIFF) return;
        await previews.showDiff(request);
      }
    },
  };
}
