// Keeps the preview tabs in step with the open questions: sets `planwright:activePreview` to the waiting row's
// contextValue of the step the active tab previews (so the editor title shows Approve / Reject / Always Allow
// only for a question that is open now), and closes a step's preview tabs once it is answered anywhere, or
// its question is withdrawn by Pause, Cancel or the end of the run.
import * as vscode from 'vscode';
import { waitingContextValue } from '../../core/view/waitingSection';
import { Disposable } from '../disposableStore';
import { CONTEXT_KEYS } from '../ids';
import type { PendingApprovals } from './pendingApprovals';
import { tabStepId, type PreviewDocuments } from './previewDocuments';

export class PreviewTabs extends Disposable {
  private lastValue: string | undefined;

  constructor(
    private readonly approvals: PendingApprovals,
    previews: PreviewDocuments,
  ) {
    super();
    this._register(vscode.window.tabGroups.onDidChangeTabs(() => this.update()));
    this._register(vscode.window.tabGroups.onDidChangeTabGroups(() => this.update()));
    this._register(
      approvals.onDidChange((stepIds) => {
        for (const stepId of stepIds) if (!approvals.get(stepId)) void previews.close(stepId);
        this.update();
      }),
    );
    this.update();
  }

  /** The step the active tab previews, if any. */
  activeStepId(): string | undefined {
    return tabStepId(vscode.window.tabGroups.activeTabGroup.activeTab);
  }

  private update(): void {
    const stepId = this.activeStepId();
    const request = stepId === undefined ? undefined : this.approvals.get(stepId);
    const value = request ? waitingContextValue(request) : '';
    if (value === this.lastValue) return;
    this.lastValue = value;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.activePreview, value);
  }
}
