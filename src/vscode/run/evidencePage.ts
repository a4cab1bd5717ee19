// The evidence report in the editor: a small read-only page rendering the report's Markdown (built once, by
// core's evidenceReport.ts, the same the CLI prints and a pull request gets) with VS Code's own Markdown
// renderer, and a Copy as Markdown button that puts that Markdown on the clipboard. It opens by itself, without
// taking the focus, when a run this window watched ends, and on Show Evidence Report; an open page follows an undo.
import * as vscode from 'vscode';
import type { ModelPrices } from '../../core/cost/modelPrices';
import { runCost } from '../../core/cost/runCost';
import { isRunFinished } from '../../core/run/journalRecords';
import { evidenceMarkdown, evidenceReport } from '../../core/view/evidenceReport';
import { withChildUsage } from '../../core/view/runProgress';
import { commandRegistrar } from '../commandRegistrar';
import { Disposable } from '../disposableStore';
import { COMMANDS, EVIDENCE_VIEW_TYPE } from '../ids';
import type { PlanSession } from '../plan/planSession';
import { renderMarkdown } from '../renderMarkdown';
import { evidencePageHtml } from './evidencePageHtml';

export class EvidencePage extends Disposable {
  private panel: vscode.WebviewPanel | undefined;
  /** The run status last seen, by run id: a run ends when it goes from unfinished to finished. */
  private readonly seen = new Map<string, boolean>();
  private shownMarkdown: string | undefined;

  constructor(
    private readonly session: PlanSession,
    private readonly prices: () => ModelPrices,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(session.runSet.onDidChange(() => this.onRunChange()));
    this._register({ dispose: () => this.panel?.dispose() });
  }

  /** The Markdown the page shows now (`undefined` while it is closed). */
  get markdown(): string | undefined {
    return this.panel ? this.shownMarkdown : undefined;
  }

  /** The report of the run as it stands, as Markdown; `undefined` before the plan has run. */
  reportMarkdown(): string | undefined {
    const state = this.session.runs.state;
    if (!state) return undefined;
    const prices = this.prices();
    const withChildren = withChildUsage(state, this.session.runs.children.values());
    const cost = Object.keys(prices).length > 0 && withChildren.usage.length > 0 ? runCost(withChildren.usage, prices).total : undefined;
    return evidenceMarkdown(evidenceReport(withChildren, cost));
  }

  /** Opens (or refreshes) the page on the run's report; `false`, saying so, before the plan has run. */
  async show(preserveFocus = false): Promise<boolean> {
    const markdown = this.reportMarkdown();
    if (markdown === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No run yet: run the plan, and its evidence report shows what proves it done.'));
      return false;
    }
    this.shownMarkdown = markdown;
    const panel = this.openPanel(preserveFocus);
    panel.webview.html = evidencePageHtml(panel.webview, await renderMarkdown(markdown, this.log, 'evidence report'), markdown, vscode.l10n);
    return true;
  }

  /** Puts the report's Markdown on the clipboard, for a pull request description; `false` before the plan has run. */
  async copyMarkdown(): Promise<boolean> {
    // What the open page shows, else the report of the run as it stands.
    const markdown = this.markdown ?? this.reportMarkdown();
    if (markdown === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No run yet: run the plan, and its evidence report shows what proves it done.'));
      return false;
    }
    await vscode.env.clipboard.writeText(markdown);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Planwright: the evidence report is on the clipboard as Markdown'), 5_000);
    return true;
  }

  /** Registers Show Evidence Report and Copy as Markdown; the caller owns the returned disposables. */
  registerCommands(): vscode.Disposable[] {
    const registerCommand = commandRegistrar(this.log);
    return [registerCommand(COMMANDS.showEvidenceReport, () => this.show()), registerCommand(COMMANDS.copyEvidenceMarkdown, () => this.copyMarkdown())];
  }

  private onRunChange(): void {
    const state = this.session.runs.state;
    if (!state?.runId) return;
    const finished = isRunFinished(state.status);
    const before = this.seen.get(state.runId);
    this.seen.set(state.runId, finished);
    // A run replayed already finished (after a reload, say) did not end now: only one seen unfinished did.
    // An undo changes what the report says (undone): an open page follows it.
    const undoneOpen = state.undone !== undefined && this.panel !== undefined && this.reportMarkdown() !== this.shownMarkdown;
    if ((finished && before === false) || undoneOpen) void this.show(true).catch((error: unknown) => this.log.error(`Could not show the evidence report: ${String(error)}`));
  }

  private openPanel(preserveFocus: boolean): vscode.WebviewPanel {
    if (this.panel) {
      this.panel.reveal(undefined, preserveFocus);
      return this.panel;
    }
    const panel = vscode.window.createWebviewPanel(EVIDENCE_VIEW_TYPE, vscode.l10n.t('Evidence report'), { viewColumn: vscode.ViewColumn.Active, preserveFocus }, { enableScripts: true, localResourceRoots: [] });
    panel.webview.onDidReceiveMessage((message: unknown) => {
      if ((message as { type?: unknown } | undefined)?.type === 'copy') void vscode.commands.executeCommand(COMMANDS.copyEvidenceMarkdown);
    });
    panel.onDidDispose(() => {
      if (this.panel === panel) this.panel = undefined;
    });
    this.panel = panel;
    return panel;
  }
}
