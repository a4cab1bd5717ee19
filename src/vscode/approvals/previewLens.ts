// The labelled line at the top of a waiting step's preview, as a CodeLens: "Step 3 waits: Approve · Reject ·
// Edit Step…" (core/view/previewBanner.ts), each part acting on that step; a step whose edit cannot apply
// offers Edit Step… and Revise… instead of Approve. It shows on the proposed side of a diff and on a preview
// shown as text, only while the step's question is open: an answered step's preview has no banner left. A
// diff shows CodeLens only with `diffEditor.codeLens` on (off by default), so diffBanner.ts says the same there.
import * as vscode from 'vscode';
import type { ApprovalRequest } from '../../core/ports';
import { previewBanner, type BannerAction, type PreviewBanner } from '../../core/view/previewBanner';
import { previewStepLabel } from '../../core/view/previewNames';
import type { Plan } from '../../core/plan/planSchema';
import { Disposable } from '../disposableStore';
import { COMMANDS } from '../ids';
import type { PendingApprovals } from './pendingApprovals';
import { previewSide, previewStepId } from './previewDocuments';

/** The command each part of the banner runs, with the step id. */
export const ACTION_COMMANDS: Readonly<Record<BannerAction, string>> = {
  approve: COMMANDS.approveStep,
  reject: COMMANDS.rejectStep,
  edit: COMMANDS.editStep,
  replan: COMMANDS.revisePlan,
};

/** The banner of `request`'s preview, its step named as the tab names it ("Step 3"). */
export function bannerOf(plan: Plan | undefined, request: ApprovalRequest): PreviewBanner {
  return previewBanner(vscode.l10n, previewStepLabel(vscode.l10n, plan, request), request);
}

/** The banner's lenses for `request`, at the top of the document. */
function bannerLenses(plan: Plan | undefined, request: ApprovalRequest): vscode.CodeLens[] {
  const banner = bannerOf(plan, request);
  const top = new vscode.Range(0, 0, 0, 0);
  // The heading is a lens without a command: VS Code shows it as plain text before the actions.
  return [
    new vscode.CodeLens(top, { title: `$(${banner.iconId}) ${banner.heading}`, command: '' }),
    ...banner.actions.map((part) => new vscode.CodeLens(top, { title: part.title, command: ACTION_COMMANDS[part.action], arguments: [request.stepId] })),
  ];
}

export class PreviewLens extends Disposable implements vscode.CodeLensProvider {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses: vscode.Event<void> = this.changed.event;

  constructor(
    private readonly approvals: PendingApprovals,
    private readonly plan: () => Plan | undefined,
  ) {
    super();
    this._register(approvals.onDidChange(() => this.changed.fire()));
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const stepId = previewStepId(document.uri);
    const request = stepId === undefined ? undefined : this.approvals.get(stepId);
    if (!request || previewSide(document.uri) === 'before') return [];
    return bannerLenses(this.plan(), request);
  }
}
