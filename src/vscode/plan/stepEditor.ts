// Editing one step: "Edit Step…" offers a quick input for the title or the step's JSON in an editor that
// the step JSON Schema validates as you type (a `planwright-step:` document named for its step, "Step 2 Accept
// --quiet.json", stepDocumentFiles.ts; multi-line arguments as lines, stepDocumentText.ts); "Add Step After…"
// opens a new step for a chosen tool the same way. Saving the document runs the edit through the validation
// gate (and, once the plan has run, through the executor as the next revision), as stepDocumentSaves.ts decides;
// its problems show on the step in the tree and as diagnostics here, and a refusal in the status bar until the
// next save. When its step goes away (deleted, replaced by a re-plan, renumbered by a move) the document's tab
// closes, or, with unsaved changes, stays and says so.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { stepDocumentText } from '../../core/plan/stepDocumentText';
import { shorten } from '../../core/text/shorten';
import { newStep, replaceStep } from '../../core/plan/planEdits';
import { formatProblem, type PlanProblem } from '../../core/plan/planProblem';
import type { Step } from '../../core/plan/planSchema';
import type { StepDocumentTarget } from '../../core/plan/stepDocument';
import { TOOLS } from '../../core/tools/toolCatalog';
import { commandRegistrar } from '../commandRegistrar';
import { Disposable } from '../disposableStore';
import { COMMANDS } from '../ids';
import type { PlanSession } from './planSession';
import { stepIdOf } from './stepCommands';
import { StepDocumentFiles } from './stepDocumentFiles';
import { StepDocumentSaves, type DocumentProblems } from './stepDocumentSaves';
import { describeError, showError, summarizeProblems } from '../userMessages';

export class StepEditor extends Disposable {
  private readonly diagnostics = this._register(vscode.languages.createDiagnosticCollection('planwright'));
  private readonly saves: StepDocumentSaves;
  private readonly files = this._register(new StepDocumentFiles());
  /** The plan (its LoadedPlan generation) each step document was opened for. */
  private readonly openedFor = new Map<string, number>();

  constructor(
    private readonly session: PlanSession,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.saves = new StepDocumentSaves({
      session,
      surface: {
        status: (text, timeoutMs) => (timeoutMs === undefined ? vscode.window.setStatusBarMessage(text) : vscode.window.setStatusBarMessage(text, timeoutMs)),
        problems: (document, problems) => this.showProblems(document, problems),
      },
      log,
      l10n: vscode.l10n,
      summarize: (what, problems) => summarizeProblems(log, what, problems),
      describe: (error) => describeError(error, log),
    });
    this._register(this.saves);
    this._register(vscode.workspace.onDidSaveTextDocument((document) => void this.saves.saved(document.uri.toString(), path.posix.basename(document.uri.path), document.getText())));
    this._register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.saves.close(document.uri.toString());
        this.openedFor.delete(document.uri.toString());
        if (this.files.has(document.uri)) this.files.forget(document.uri);
      }),
    );
    this._register(session.loadedPlan.onDidChange(() => this.closeGone()));
    this._register(session.runSet.onDidChangeRuns(() => this.closeGone()));
    this._register(session.onDidRenameSteps((renames) => this.closeGone(new Set(renames.keys()))));
  }

  /**
   * Closes the tabs of documents whose step went away: no longer in the plan under its id (deleted, or dropped by
   * a re-plan), its id given to another step by a move (`renamed`), or another plan opened since (a step of the
   * same id there is not this one). One with unsaved changes stays, flagged.
   */
  private closeGone(renamed?: ReadonlySet<string>): void {
    const generation = this.session.loadedPlan.generation;
    const gone = new Set(this.saves.stepsGone(this.session.plan, renamed, (document) => this.openedFor.get(document) !== generation));
    if (gone.size === 0) return;
    const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputText && gone.has(tab.input.uri.toString()) && !tab.isDirty);
    if (tabs.length > 0) void vscode.window.tabGroups.close(tabs);
  }

  /** Registers Edit Step… and Add Step After…; the caller owns the returned disposables. */
  registerCommands(): vscode.Disposable[] {
    const registerCommand = commandRegistrar(this.log);
    return [
      registerCommand(COMMANDS.editStep, (target?: unknown, how?: 'title' | 'json', value?: string) => this.editStep(target, how, value)),
      registerCommand(COMMANDS.addStepAfter, (target?: unknown, tool?: string) => this.addStepAfter(target, tool)),
    ];
  }

  /** Asks what to edit (title or JSON) unless `how` says; `value` is the new title for tests. */
  async editStep(target: unknown, how?: 'title' | 'json', value?: string): Promise<boolean | vscode.TextEditor | undefined> {
    const stepId = stepIdOf(target);
    const step = stepId ? this.step(stepId) : undefined;
    if (!stepId || !step) return undefined;
    const choice =
      how ??
      (
        await vscode.window.showQuickPick(
          [
            { label: `$(edit) ${vscode.l10n.t('Title…')}`, description: step.title, how: 'title' as const },
            { label: `$(json) ${vscode.l10n.t('Edit as JSON…')}`, description: vscode.l10n.t('tool, arguments, checks, dependencies'), how: 'json' as const },
          ],
          { title: vscode.l10n.t('Edit step {0}', this.session.stepName(stepId)) },
        )
      )?.how;
    if (choice === 'title') return this.editTitle(step, value);
    if (choice === 'json') return this.open({ mode: 'edit', stepId }, step, vscode.l10n.t('Step {0}', this.session.stepName(stepId)));
    return undefined;
  }

  /** Picks a tool (unless given) and opens a new step for it after `target`. */
  async addStepAfter(target: unknown, toolName?: string): Promise<vscode.TextEditor | undefined> {
    const plan = this.session.plan;
    if (!plan) return undefined;
    const afterId = stepIdOf(target);
    const tool =
      toolName ??
      (
        await vscode.window.showQuickPick(
          TOOLS.map((candidate) => ({ label: candidate.name, detail: candidate.description })),
          { title: afterId ? vscode.l10n.t('Add a step after {0}', this.session.stepName(afterId)) : vscode.l10n.t('Add a step'), placeHolder: vscode.l10n.t('The tool the new step calls'), matchOnDetail: true },
        )
      )?.label;
    if (!tool) return undefined;
    const step = newStep(plan, tool, afterId);
    const name = afterId ? vscode.l10n.t('New step after {0}', this.session.stepName(afterId)) : vscode.l10n.t('New step');
    return this.open({ mode: 'add', ...(afterId ? { afterId } : {}) }, step, name);
  }

  private async editTitle(step: Step, value?: string): Promise<boolean> {
    const title =
      value ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('Rename {0}', this.session.stepName(step.id)),
        value: step.title,
        validateInput: (text) => (text.trim().length === 0 ? vscode.l10n.t('A step needs a title.') : undefined),
      }));
    const plan = this.session.plan;
    if (title === undefined || title.trim() === step.title || !plan) return false;
    // No document shows a refused rename's problems, so a notification says it.
    const problems = await this.saves.apply(replaceStep(plan, step.id, { ...step, title: title.trim() }), `renamed ${this.session.stepName(step.id)}`, (message) => showError(this.log, message));
    return problems === undefined;
  }

  private async open(target: StepDocumentTarget, step: Step, name: string): Promise<vscode.TextEditor> {
    const uri = this.unloadedUri(shorten(name.replace(/\s+/g, ' '), 80));
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(stepDocumentText(step)));
    this.saves.open(uri.toString(), target);
    this.openedFor.set(uri.toString(), this.session.loadedPlan.generation);
    const document = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    vscode.window.setStatusBarMessage(vscode.l10n.t('Planwright: save the step to apply it to the plan'), 8_000);
    return editor;
  }

  /**
   * The step document named `name` (or `name (2)` …): one VS Code has not loaded. A closed document's text stays
   * loaded for a while, so writing its file again (the same step edited twice, or a new step given the name of one
   * deleted since) would leave VS Code an older copy that opens unchanged and fails to save ("File Modified Since").
   */
  private unloadedUri(name: string): vscode.Uri {
    const loaded = new Set(vscode.workspace.textDocuments.map((document) => document.uri.toString()));
    for (let copy = 1; ; copy++) {
      const uri = StepDocumentFiles.uri(`${copy === 1 ? name : `${name} (${copy})`}.json`);
      if (!loaded.has(uri.toString())) return uri;
    }
  }

  /** Shows a step document's problems as its diagnostics, each at its place. */
  private showProblems(key: string, problems: DocumentProblems | undefined): void {
    const uri = vscode.Uri.parse(key);
    const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === key);
    if (!problems || !document) {
      this.diagnostics.delete(uri);
      return;
    }
    if (problems.kind === 'gate') {
      this.diagnostics.set(uri, diagnosticsFor(document, problems.problems, problems.stepId));
      return;
    }
    const start = new vscode.Position(problems.line - 1, problems.column - 1);
    const diagnostic = new vscode.Diagnostic(new vscode.Range(start, start.translate(0, 1)), problems.message, vscode.DiagnosticSeverity.Error);
    diagnostic.source = 'Planwright';
    this.diagnostics.set(uri, [diagnostic]);
  }

  private step(stepId: string): Step | undefined {
    return this.session.plan?.steps.find((step) => step.id === stepId);
  }
}

/** One diagnostic per problem, on the line of the field it names when that field can be found. */
function diagnosticsFor(document: vscode.TextDocument, problems: readonly PlanProblem[], stepId: string | undefined): vscode.Diagnostic[] {
  const text = document.getText();
  const own = problems.filter((problem) => problem.stepId === stepId || problem.stepId === undefined);
  const shown = own.length > 0 ? own : problems.slice(0, 1);
  return shown.map((problem) => {
    const keys = [...problem.path.matchAll(/\.([A-Za-z_$][\w$]*)/g)].map((match) => match[1]!);
    let offset = -1;
    for (const key of keys.reverse()) {
      offset = text.indexOf(`"${key}"`);
      if (offset >= 0) break;
    }
    const position = document.positionAt(Math.max(0, offset));
    const line = document.lineAt(position.line);
    const range = offset >= 0 ? new vscode.Range(position, line.range.end) : new vscode.Range(0, 0, 0, Math.max(1, document.lineAt(0).text.length));
    const diagnostic = new vscode.Diagnostic(range, formatProblem(problem), vscode.DiagnosticSeverity.Error);
    diagnostic.source = 'Planwright';
    diagnostic.code = problem.path || undefined;
    return diagnostic;
  });
}
