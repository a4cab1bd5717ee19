// The banner of a waiting step's diff: VS Code's diff editor shows no CodeLens unless `diffEditor.codeLens` is on
// (it is off by default), so the proposed side's first line carries the same words as a decoration, "Step 3 waits:
// Approve · Reject · Edit Step…" with the keys that answer it, and a hover whose links run each action on that
// step. It goes as soon as the question is answered or withdrawn.
import * as vscode from 'vscode';
import type { Plan } from '../../core/plan/planSchema';
import { Disposable } from '../disposableStore';
import type { PendingApprovals } from './pendingApprovals';
import { previewSide, previewStepId } from './previewDocuments';
import { ACTION_COMMANDS, bannerOf } from './previewLens';

export class DiffBanner extends Disposable {
  private readonly decoration = this._register(
    vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      backgroundColor: new vscode.ThemeColor('editorInfo.background'),
      after: { margin: '0 0 0 2em', color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic' },
    }),
  );

  constructor(
    private readonly approvals: PendingApprovals,
    private readonly plan: () => Plan | undefined,
  ) {
    super();
    this._register(vscode.window.onDidChangeVisibleTextEditors(() => this.update()));
    this._register(approvals.onDidChange(() => this.update()));
    this._register(vscode.workspace.onDidChangeConfiguration((event) => event.affectsConfiguration('diffEditor.codeLens') && this.update()));
  }

  private update(): void {
    const lensesShow = vscode.workspace.getConfiguration('diffEditor').get<boolean>('codeLens') === true;
    for (const editor of vscode.window.visibleTextEditors) {
      const { uri } = editor.document;
      const stepId = previewStepId(uri);
      const request = stepId === undefined ? undefined : this.approvals.get(stepId);
      if (stepId === undefined) continue;
      editor.setDecorations(this.decoration, request && !lensesShow && previewSide(uri) === 'proposed' ? [this.banner(request)] : []);
    }
  }

  private banner(request: NonNullable<ReturnType<PendingApprovals['get']>>): vscode.DecorationOptions {
    const banner = bannerOf(this.plan(), request);
    // The keys of package.json's keybindings for Approve Step and Reject Step.
    const keys = process.platform === 'darwin' ? vscode.l10n.t('Cmd+K A approves, Cmd+K X rejects') : vscode.l10n.t('Ctrl+K A approves, Ctrl+K X rejects');
    const text = `${banner.heading} ${banner.actions.map((part) => part.title).join(' · ')}`;
    const links = banner.actions.map((part) => `[${part.title}](command:${ACTION_COMMANDS[part.action]}?${encodeURIComponent(JSON.stringify([request.stepId]))})`);
    const hover = new vscode.MarkdownString(`$(${banner.iconId}) ${banner.heading} ${links.join(' · ')}`, true);
    hover.isTrusted = { enabledCommands: Object.values(ACTION_COMMANDS) };
    const approvable = banner.actions.some((part) => part.action === 'approve');
    return {
      range: new vscode.Range(0, 0, 0, 0),
      hoverMessage: hover,
      renderOptions: { after: { contentText: approvable ? `${text}  (${keys})` : text } },
    };
  }
}
