// The Runs view (the second view of the Planwright container): every run of the workspace, running, waiting or
// finished recently, whichever door started it: this window's runs from their controllers, the others from their
// journals and leases (the editor's run storage and the workspace's `.planwright/runs`, where the CLI and MCP servers
// write), looked at again every few seconds while the view is visible. Clicking a run shows it in the Plan view;
// Pause and Cancel on a live run act on that run alone. The rows are core's (runsSection); this only maps them.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FoundRun } from '../../core/run/foundRun';
import { messageOf } from '../../core/text/errorText';
import { runsSection, type RunRow, type WindowRun } from '../../core/view/runsSection';
import { RunJournalCatalog, foundRunOf, type JournalFolder } from '../../node/runJournalCatalog';
import { commandRegistrar } from '../commandRegistrar';
import { Disposable } from '../disposableStore';
import { COMMANDS, VIEWS } from '../ids';
import type { PendingApprovals } from '../approvals/pendingApprovals';
import type { RunSet } from './runSet';

/** How often the visible view looks at the journals again. */
const LOOK_MS = 2_000;

/** The Runs view; see the file header. */
export class RunsView extends Disposable implements vscode.TreeDataProvider<RunRow> {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  private readonly catalog: RunJournalCatalog;
  private found: readonly FoundRun[] = [];
  private rows: readonly RunRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<void> | undefined;
  readonly treeView: vscode.TreeView<RunRow>;

  readonly onDidChangeTreeData: vscode.Event<void> = this.changed.event;

  constructor(
    private readonly runs: RunSet,
    private readonly approvals: PendingApprovals,
    storageFolder: string,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    const folders = (): JournalFolder[] => [
      { folder: storageFolder, door: 'editor' },
      ...(vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file').map((folder) => ({ folder: path.join(folder.uri.fsPath, '.planwright', 'runs'), door: 'workspace' as const })),
    ];
    this.catalog = new RunJournalCatalog(folders, (message) => this.log.warn(message));
    this.treeView = this._register(vscode.window.createTreeView(VIEWS.runs, { treeDataProvider: this }));
    this._register(runs.onDidChangeRuns(() => this.update()));
    this._register(approvals.onDidChange(() => this.update()));
    this._register(this.treeView.onDidChangeVisibility(() => void this.look()));
    this._register({ dispose: () => clearTimeout(this.timer) });
    void this.look();
  }

  /** The rows shown now (for tests and the status bar). */
  get current(): readonly RunRow[] {
    return this.rows;
  }

  /** Looks at the journals now (and again every LOOK_MS while the view is visible); resolves once the rows are rebuilt. */
  look(): Promise<void> {
    clearTimeout(this.timer);
    this.looking ??= this.catalog
      .runs()
      .then(
        (found) => {
          this.found = found;
          this.update();
        },
        (error: unknown) => this.log.warn(`Runs view: could not list the runs: ${messageOf(error)}`),
      )
      .finally(() => {
        this.looking = undefined;
        if (this.treeView.visible) this.timer = setTimeout(() => void this.look(), LOOK_MS);
      });
    return this.looking;
  }

  getTreeItem(row: RunRow): vscode.TreeItem {
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = row.id;
    item.description = row.description;
    item.tooltip = new vscode.MarkdownString(row.tooltip, true);
    item.iconPath = new vscode.ThemeIcon(row.iconId, row.iconColor ? new vscode.ThemeColor(row.iconColor) : undefined);
    item.contextValue = row.contextValue;
    item.accessibilityInformation = { label: row.accessibilityLabel };
    item.command = { command: COMMANDS.showRun, title: vscode.l10n.t('Show Run in the Plan View'), arguments: [row] };
    return item;
  }

  getChildren(row?: RunRow): RunRow[] {
    return row ? [] : [...this.rows];
  }

  /** Registers Show Run in the Plan View; the caller owns the returned disposables. */
  registerCommands(): vscode.Disposable[] {
    const registerCommand = commandRegistrar(this.log);
    return [
      registerCommand(COMMANDS.showRun, async (row?: Partial<RunRow>) => {
        if (typeof row?.journalPath !== 'string') return false;
        await this.runs.showJournal(row.journalPath);
        await vscode.commands.executeCommand(`${VIEWS.plan}.focus`);
        return true;
      }),
    ];
  }

  /** Rebuilds the rows: the catalog's runs, with this window's taken from their controllers. */
  private update(): void {
    const window = new Map<string, WindowRun>();
    const mine: FoundRun[] = [];
    for (const controller of this.runs.all) {
      const { state, runFiles } = controller;
      // A run another process holds is that process's: its journal and lease say where it is.
      if (!state || !runFiles || controller.heldElsewhere !== undefined) continue;
      window.set(runFiles.journalPath, { executing: controller.executing, waiting: this.approvals.ofRun(runFiles.runId).length });
      const door = this.found.find((run) => run.journalPath === runFiles.journalPath)?.door ?? 'editor';
      mine.push(foundRunOf(state, runFiles.journalPath, door, Date.now()));
    }
    const others = this.found.filter((run) => !window.has(run.journalPath));
    const shown = this.runs.shown.runFiles?.journalPath;
    this.rows = runsSection(vscode.l10n, { runs: [...mine, ...others], window, ...(shown ? { shown } : {}), now: Date.now() });
    this.changed.fire();
  }
}
