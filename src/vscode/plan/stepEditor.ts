// Editing one step: "Edit Step…" offers a quick input for the title or the step's JSON in an editor that
// the step JSON Schema validates as you type (a `*.planwright-step.json` file under the extension's storage,
// matched by `contributes.jsonValidation`); "Add Step After…" opens a new step for a chosen tool the same
// way. Saving the document runs the edit through the validation gate (and, once the plan has run, through
// the executor as the next revision); its problems show on the step in the tree and as diagnostics here.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { insertStepAfter, newStep, replaceStep } from '../../core/plan/planEdits';
import { formatProblem, type PlanProblem } from '../../core/plan/planProblem';
import type { Plan, Step } from '../../core/plan/planSchema';
import { messageOf } from '../../core/text/errorText';
import { TOOLS } from '../../core/tools/toolCatalog';
import { commandRegistrar } from '../commandRegistrar';
import { Disposable } from '../disposableStore';
import { COMMANDS } from '../ids';
import type { PlanSession } from './planSession';
import { stepIdOf } from './stepCommands';
import { describeError, showError, summarizeProblems } from '../userMessages';

const STEP_FILE_SUFFIX = '.planwright-step.json';

/** What saving an edit document does: replace a step, or insert a new one after another. */
type EditTarget = { readonly mode: 'edit'; readonly stepId: string } | { readonly mode: 'add'; readonly afterId?: string };

export class StepEditor extends Disposable {
  private readonly targets = new Map<string, EditTarget>();
  private readonly diagnostics = this._register(vscode.languages.createDiagnosticCollection('planwright'));
  /** The status bar message of the last refused save, cleared by the next save. */
  private saveMessage: vscode.Disposable | undefined;

  /** `folder` is a local folder under the extension's storage where edit documents are written. */
  constructor(
    private readonly session: PlanSession,
    private readonly log: vscode.LogOutputChannel,
    private readonly folder: string,
  ) {
    super();
    this._register(vscode.workspace.onDidSaveTextDocument((document) => void this.saved(document)));
    this._register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.targets.delete(document.uri.toString());
        this.diagnostics.delete(document.uri);
      }),
    );
    this._register({ dispose: () => this.saveMessage?.dispose() });
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
    if (choice === 'json') return this.open({ mode: 'edit', stepId }, step, `${stepId}${STEP_FILE_SUFFIX}`);
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
    return this.open({ mode: 'add', ...(afterId ? { afterId } : {}) }, step, `new-${step.id}${STEP_FILE_SUFFIX}`);
  }

  private async editTitle(step: Step, value?: string): Promise<boolean> {
    const title =
      value ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('Rename {0}', this.session.stepName(step.id)),
        value: step.title,
        validateInput: (text) => (text.trim().length === 0 ? vscode.l10n.t('A step needs a title.') : undefined),
      }));
    if (title === undefined || title.trim() === step.title) return false;
    const outcome = await this.apply((plan) => replaceStep(plan, step.id, { ...step, title: title.trim() }), `renamed ${this.session.stepName(step.id)}`);
    return outcome === undefined;
  }

  private async open(target: EditTarget, step: Step, name: string): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.file(path.join(this.folder, name));
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(`${JSON.stringify(step, null, 2)}\n`));
    this.targets.set(uri.toString(), target);
    this.diagnostics.delete(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    vscode.window.setStatusBarMessage(vscode.l10n.t('Planwright: save the step to apply it to the plan'), 8_000);
    return editor;
  }

  private async saved(document: vscode.TextDocument): Promise<void> {
    const target = this.targets.get(document.uri.toString());
    if (!target) return;
    // The last save's message goes: a problem fixed by this save leaves nothing stale behind.
    this.saveMessage?.dispose();
    let value: unknown;
    try {
      value = JSON.parse(document.getText());
    } catch (error) {
      // A syntax error is the user's typo, not a fault: one line in the log, no stack trace.
      this.log.warn(`${path.basename(document.uri.fsPath)} is not valid JSON: ${messageOf(error)}`);
      this.diagnostics.set(document.uri, [new vscode.Diagnostic(new vscode.Range(0, 0, 0, 1), vscode.l10n.t('Not valid JSON: {0}', messageOf(error)))]);
      this.saveMessage = vscode.window.setStatusBarMessage(`$(error) ${vscode.l10n.t('Planwright: the step is not valid JSON; nothing was changed')}`);
      return;
    }
    if (target.mode === 'edit' && !this.step(target.stepId)) {
      const gone = vscode.l10n.t('{0} is no longer in the plan (it was deleted or replaced since this document opened); nothing was changed. Use Add Step After… to add it again.', target.stepId);
      this.log.warn(`${target.stepId} is no longer in the plan (it was deleted or replaced since this document opened); nothing was changed. Use Add Step After… to add it again.`);
      this.diagnostics.set(document.uri, [new vscode.Diagnostic(new vscode.Range(0, 0, 0, 1), gone)]);
      this.saveMessage = vscode.window.setStatusBarMessage(`$(error) ${vscode.l10n.t('Planwright: {0} is no longer in the plan; nothing was changed', target.stepId)}`);
      return;
    }
    const step = value as Step;
    const edited = (plan: Plan) => (target.mode === 'edit' ? replaceStep(plan, target.stepId, step) : insertStepAfter(plan, target.afterId, step));
    const problems = await this.apply(edited, target.mode === 'edit' ? `edited ${this.session.stepName(target.stepId)}` : `added ${typeof step?.title === 'string' ? `"${step.title}"` : String(step?.id)}`, 'statusBar');
    if (problems === undefined) {
      this.diagnostics.delete(document.uri);
      // The step now exists under its (possibly new) id: a later save edits it.
      if (typeof step?.id === 'string') this.targets.set(document.uri.toString(), { mode: 'edit', stepId: step.id });
      vscode.window.setStatusBarMessage(target.mode === 'edit' ? vscode.l10n.t('Planwright: updated step {0}', this.session.stepName(String(step?.id))) : vscode.l10n.t('Planwright: added step {0}', this.session.stepName(String(step?.id))), 5_000);
      return;
    }
    this.diagnostics.set(document.uri, diagnosticsFor(document, problems, target.mode === 'edit' ? target.stepId : String(step?.id)));
  }

  /**
   * Applies an edit; `undefined` when it went through, else the gate's problems (shown on the steps). A refusal
   * is said in a notification, or, for a step document whose diagnostics show the problems, in the status bar
   * until the next save (a notification would stay in the centre after the fix).
   */
  private async apply(change: (plan: Plan) => Plan, reason: string, report: 'notification' | 'statusBar' = 'notification'): Promise<readonly PlanProblem[] | undefined> {
    const plan = this.session.plan;
    if (!plan) return [{ path: '', message: vscode.l10n.t('no plan is open') }];
    const say = (message: string) => {
      if (report === 'notification') showError(this.log, message);
      else this.saveMessage = vscode.window.setStatusBarMessage(`$(error) ${message}`);
    };
    try {
      const outcome = await this.session.applyEdit(change(plan), `${reason} by hand`);
      if (outcome.ok) return undefined;
      say(summarizeProblems(this.log, vscode.l10n.t('The edit was not applied'), outcome.problems));
      return outcome.problems;
    } catch (error) {
      const message = describeError(error, this.log);
      say(vscode.l10n.t('The edit was not applied: {0}', message));
      return [{ path: '', message }];
    }
  }

  private step(stepId: string): Step | undefined {
    return this.session.plan?.steps.find((step) => step.id === stepId);
  }
}

/** One diagnostic per problem, on the line of the field it names when that field can be found. */
function diagnosticsFor(document: vscode.TextDocument, problems: readonly PlanProblem[], stepId: string): vscode.Diagnostic[] {
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
