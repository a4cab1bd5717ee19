// Revise… in the editor: a sentence about the plan (the goal row) or about a step that has not run (its row)
// goes to core's reviser (commentReviser.ts, the one the CLI, chat and MCP use) with the planner model; its
// review (steps added, changed and dropped, what the plan touches, what widens the approved scope: core's
// revisionDiffText, the same words every door shows) opens as a page with Apply and Discard. One revision is
// pending at a time. Apply puts it in place through the session (applyPlanEdit.ts): into the open plan before a
// run, or as the run's next revision once it has run (a waiting run pauses for it and carries on), journalled as
// the user's own, so the approved scope grows by it and a resume keeps it. A plan that changed since the
// revision was proposed is not overwritten: Apply refuses and asks for a new one.
import * as vscode from 'vscode';
import { isPatchable } from '../../core/plan/planPatch';
import type { ValidPlan } from '../../core/plan/planSchema';
import type { ChatModel } from '../../core/ports';
import { proposeRevision, type ProposedRevision } from '../../core/replanner/commentReviser';
import { projectRulesSource } from '../../core/rules/projectRules';
import { statusById } from '../../core/run/runState';
import { canonicalJson } from '../../core/text/canonicalJson';
import { escapeMarkdown } from '../../core/view/markdownText';
import { revisionDiffText } from '../../core/view/revisionDiffText';
import { commandRegistrar } from '../commandRegistrar';
import { Disposable } from '../disposableStore';
import { COMMANDS, CONTEXT_KEYS, REVISION_VIEW_TYPE } from '../ids';
import { renderMarkdown } from '../renderMarkdown';
import type { RunHost } from '../run/runHost';
import { markdownPageHtml } from '../run/evidencePageHtml';
import { RunUnavailableError } from '../run/runUnavailableError';
import { applyPlanEdit } from './applyPlanEdit';
import type { PlanSession } from './planSession';
import type { PlanTreeElement } from './planTreeProvider';

/** What revising works with. */
export interface PlanRevisionDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
  /** The configured models: the planner revises. */
  readonly models: RunHost['models'];
  readonly ports: RunHost['ports'];
  readonly settings: RunHost['settings'];
}

/** A revision proposed and not yet applied or discarded. */
export interface PendingRevision {
  readonly comment: string;
  readonly stepId?: string;
  /** The plan it revises, as canonical JSON: Apply refuses when the plan is no longer this one. */
  readonly from: string;
  readonly proposed: ProposedRevision;
  /** Its review, as the page and the chat show it. */
  readonly markdown: string;
}

/** The step a Revise… was invoked on: a step row, or a step id; the goal row (or nothing) is the whole plan. */
function revisedStepOf(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  const element = target as Partial<PlanTreeElement> | undefined;
  // A waiting row's Revise… (offered when its edit cannot apply) revises its step, not the plan.
  return (element?.kind === 'step' || element?.kind === 'waitingStep') && typeof element.stepId === 'string' ? element.stepId : undefined;
}

export class PlanRevisions extends Disposable {
  private current: PendingRevision | undefined;
  private panel: vscode.WebviewPanel | undefined;

  constructor(private readonly deps: PlanRevisionDeps) {
    super();
    this._register({ dispose: () => this.panel?.dispose() });
  }

  /** The revision waiting for Apply or Discard. */
  get pending(): PendingRevision | undefined {
    return this.current;
  }

  /** The review the page shows now (`undefined` while it is closed). */
  get shownMarkdown(): string | undefined {
    return this.panel ? this.current?.markdown : undefined;
  }

  /**
   * Asks `model` (by default the configured planner) for the revision `comment` calls for, on `stepId` or the
   * whole plan, and keeps it pending. Refuses (RunUnavailableError) without a valid plan, or for a step that
   * is not in the plan or has already run.
   */
  async propose(comment: string, stepId: string | undefined, signal: AbortSignal, model?: ChatModel): Promise<PendingRevision> {
    const { session } = this.deps;
    const valid = session.validPlan();
    if (!valid.ok) throw new RunUnavailableError(session.plan ? vscode.l10n.t('The plan has problems: fix them before revising it.') : vscode.l10n.t('No plan is open.'));
    const plan: ValidPlan = valid.plan;
    const run = session.runs.state;
    const statuses = run ? statusById(run) : new Map();
    if (stepId !== undefined) {
      if (!plan.steps.some((step) => step.id === stepId)) throw new RunUnavailableError(vscode.l10n.t('The plan has no step {0}.', stepId));
      if (!isPatchable(statuses.get(stepId) ?? 'pending')) throw new RunUnavailableError(vscode.l10n.t('{0} has already run: only a step that has not run can be revised.', session.stepName(stepId)));
    }
    const planner = model ?? (await this.deps.models()).planner;
    const folder = vscode.workspace.workspaceFolders?.[0];
    const rules = folder && this.deps.settings().projectRules ? projectRulesSource(this.deps.ports(folder).workspace) : undefined;
    const request = { plan, statuses, comment, ...(stepId === undefined ? {} : { stepId }) };
    const proposed = await proposeRevision(planner, request, signal, rules, run?.approvedScope);
    const target = stepId === undefined ? vscode.l10n.t('the plan') : session.stepName(stepId);
    const markdown = `${vscode.l10n.t('Revision of {0}: "{1}"', escapeMarkdown(target), escapeMarkdown(comment))}\n\n${revisionDiffText(proposed.review, plan, proposed.plan)}`;
    const pending: PendingRevision = { comment, ...(stepId === undefined ? {} : { stepId }), from: canonicalJson(plan), proposed, markdown };
    await this.setPending(pending);
    this.deps.log.info(`Revision proposed for ${stepId ?? 'the plan'} from "${comment}": ${proposed.patch.length} patch lines`);
    return pending;
  }

  /** Opens (or refreshes) the page of the pending revision, with Apply and Discard. */
  async show(): Promise<boolean> {
    const pending = this.current;
    if (!pending) return false;
    const title = vscode.l10n.t('Revise the plan');
    if (this.panel) this.panel.reveal(undefined, false);
    else {
      const panel = vscode.window.createWebviewPanel(REVISION_VIEW_TYPE, title, vscode.ViewColumn.Active, { enableScripts: true, localResourceRoots: [] });
      panel.webview.onDidReceiveMessage((message: unknown) => {
        const type = (message as { type?: unknown } | undefined)?.type;
        if (type === 'apply') void vscode.commands.executeCommand(COMMANDS.applyRevision);
        if (type === 'discard') void vscode.commands.executeCommand(COMMANDS.discardRevision);
      });
      panel.onDidDispose(() => {
        if (this.panel === panel) this.panel = undefined;
      });
      this.panel = panel;
    }
    const rendered = await renderMarkdown(pending.markdown, this.deps.log, 'revision');
    const buttons = [
      { id: 'apply', label: vscode.l10n.t('Apply') },
      { id: 'discard', label: vscode.l10n.t('Discard') },
    ];
    if (this.panel) this.panel.webview.html = markdownPageHtml(this.panel.webview, { title, rendered, markdown: pending.markdown, buttons });
    return true;
  }

  /** Puts the pending revision in place (see the file header); `false`, saying why, when it could not. */
  async apply(): Promise<boolean> {
    const pending = this.current;
    if (!pending) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No revision is waiting to be applied.'));
      return false;
    }
    const { session } = this.deps;
    if (!session.plan || canonicalJson(session.plan) !== pending.from) {
      await this.close();
      void vscode.window.showInformationMessage(vscode.l10n.t('The plan changed after this revision was proposed, so it was not applied: revise it again.'));
      return false;
    }
    const on = pending.stepId === undefined ? 'the plan' : pending.stepId;
    const applied = await applyPlanEdit(this.deps, pending.proposed.plan, `revised ${on} from the comment "${pending.comment}"`, vscode.l10n.t('Could not apply the revision'));
    if (applied) await this.close();
    return applied;
  }

  /** Drops the pending revision; the plan stays as it is. */
  async discard(): Promise<boolean> {
    if (!this.current) return false;
    this.deps.log.info(`Revision of ${this.current.stepId ?? 'the plan'} discarded`);
    await this.close();
    return true;
  }

  /** Registers Revise…, Apply and Discard; the caller owns the returned disposables. */
  registerCommands(): vscode.Disposable[] {
    const registerCommand = commandRegistrar(this.deps.log);
    return [
      registerCommand(COMMANDS.revisePlan, (target?: unknown, comment?: unknown) => this.reviseFromTree(revisedStepOf(target), comment)),
      registerCommand(COMMANDS.applyRevision, () => this.apply()),
      registerCommand(COMMANDS.discardRevision, () => this.discard()),
    ];
  }

  /** Revise… on a row: the comment typed (or `comment`, from a test or another command), proposed under a progress notification, then shown. */
  private async reviseFromTree(stepId: string | undefined, comment: unknown): Promise<boolean> {
    const typed = typeof comment === 'string' ? comment : await this.askComment(stepId);
    if (!typed?.trim()) return false;
    const title = stepId === undefined ? vscode.l10n.t('Revising the plan…') : vscode.l10n.t('Revising {0}…', this.deps.session.stepName(stepId));
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_progress, token) => {
      const abort = new AbortController();
      const cancel = token.onCancellationRequested(() => abort.abort());
      return this.propose(typed.trim(), stepId, abort.signal).finally(() => cancel.dispose());
    });
    return this.show();
  }

  private askComment(stepId: string | undefined): Thenable<string | undefined> {
    return vscode.window.showInputBox({
      title: stepId === undefined ? vscode.l10n.t('Revise the plan') : vscode.l10n.t('Revise {0}', this.deps.session.stepName(stepId)),
      prompt: vscode.l10n.t('Say what to change, in a sentence. The planner answers with a change you review before anything changes.'),
      placeHolder: vscode.l10n.t('e.g. use yargs for the flag; don\'t touch README; split this into one step per file'),
      ignoreFocusOut: true,
      validateInput: (text) => (text.trim().length === 0 ? vscode.l10n.t('Say what to change, in a sentence.') : undefined),
    });
  }

  private async setPending(pending: PendingRevision | undefined): Promise<void> {
    this.current = pending;
    await vscode.commands.executeCommand('setContext', CONTEXT_KEYS.revisionPending, pending !== undefined);
  }

  private async close(): Promise<void> {
    this.panel?.dispose();
    await this.setPending(undefined);
  }
}
