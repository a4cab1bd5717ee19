// The "Done when" group's commands (inline buttons and the context menu of the tree, hidden from the palette):
// Add Done-When Check…, Edit Check… and Remove Check. A check is typed in the plan language's one-line grammar
// and checked as it is typed by the same grammar and gate as a plan file (core's acceptanceEdits.ts); the edit
// goes into the plan through the session (a run's next revision once it has run) and, when the plan came from
// a file, into that file. Each takes the tree element it was invoked on, or a check's index and text when a
// test or another command invokes it; Remove asks for confirmation only when invoked from the tree.
import * as vscode from 'vscode';
import { removeAcceptanceCheck, writeAcceptanceCheck } from '../../core/plan/acceptanceEdits';
import { formatCheck } from '../../core/plan/compact/checkGrammar';
import { describeCheck } from '../../core/plan/describeCheck';
import type { Plan } from '../../core/plan/planSchema';
import { doneWhenCheckIndex } from '../../core/view/doneWhenRows';
import { commandRegistrar } from '../commandRegistrar';
import { COMMANDS } from '../ids';
import { showError } from '../userMessages';
import { applyPlanEdit } from './applyPlanEdit';
import type { PlanSession } from './planSession';
import type { PlanTreeElement } from './planTreeProvider';

/** What the "Done when" commands work with. */
export interface DoneWhenCommandDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
}

/** A check in the plan language, as the input box's example (the language is not translated). */
const EXAMPLE_CHECK = 'run "npm test"';

/** The check a command was invoked on: a check row of the tree, or its index in `plan.acceptance`. */
function checkIndexOf(target: unknown): number | undefined {
  if (typeof target === 'number') return target;
  const id = (target as Partial<PlanTreeElement> | undefined)?.id;
  return typeof id === 'string' ? doneWhenCheckIndex(id) : undefined;
}

/** The check as typed: `text` when given (a test, another command), else what the person types, checked as they type. */
async function checkText(plan: Plan, index: number | undefined, text: unknown): Promise<string | undefined> {
  if (typeof text === 'string') return text;
  const current = index === undefined ? undefined : plan.acceptance?.[index];
  return vscode.window.showInputBox({
    title: index === undefined ? vscode.l10n.t('Add a "Done when" check') : vscode.l10n.t('Edit the check "{0}"', current ? describeCheck(current) : ''),
    prompt: vscode.l10n.t('A check that fails today and holds once the goal is met, in the plan language: run "npm test", contains src/cli.ts "--verbose", absent src/old.ts, json package.json'),
    placeHolder: vscode.l10n.t('e.g. {0}', EXAMPLE_CHECK),
    ...(current ? { value: formatCheck(current) } : {}),
    ignoreFocusOut: true,
    validateInput: (typed) => {
      if (typed.trim() === '') return vscode.l10n.t('Type a check, e.g. {0}', EXAMPLE_CHECK);
      const edit = writeAcceptanceCheck(plan, index, typed);
      return edit.ok ? undefined : vscode.l10n.t('Not a check the plan accepts: {0}', edit.problem);
    },
  });
}

/**
 * Writes the check typed (or `text`) in place of check `index`, or after the last one when `index` is undefined;
 * a check the grammar or the gate refuses is said with what is wrong.
 */
async function writeCheck(deps: DoneWhenCommandDeps, index: number | undefined, text?: unknown): Promise<boolean> {
  const plan = deps.session.plan;
  if (!plan || (index !== undefined && !plan.acceptance?.[index])) return false;
  const typed = await checkText(plan, index, text);
  if (typed === undefined) return false;
  const failed = index === undefined ? vscode.l10n.t('Could not add the check') : vscode.l10n.t('Could not change the check');
  const edit = writeAcceptanceCheck(plan, index, typed);
  if (!edit.ok) {
    showError(deps.log, `${failed}: ${edit.problem}`);
    return false;
  }
  return applyPlanEdit(deps, edit.plan, index === undefined ? `Added the acceptance check ${typed.trim()} by hand` : `Changed acceptance check ${index + 1} to ${typed.trim()} by hand`, failed);
}

/** Removes the check of the row (or index) `target`; asks first when a person clicked it in the tree. */
async function removeCheck(deps: DoneWhenCommandDeps, target: unknown): Promise<boolean> {
  const plan = deps.session.plan;
  const index = checkIndexOf(target);
  const check = index === undefined ? undefined : plan?.acceptance?.[index];
  if (!plan || index === undefined || !check) return false;
  if (typeof target !== 'number') {
    const remove = vscode.l10n.t('Remove');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('Remove the check "{0}" from Done when?', describeCheck(check)), { modal: true }, remove);
    if (choice !== remove) return false;
  }
  return applyPlanEdit(deps, removeAcceptanceCheck(plan, index), `Removed acceptance check ${index + 1} (${formatCheck(check)}) by hand`, vscode.l10n.t('Could not remove the check'));
}

/** Registers the "Done when" commands; the caller owns the returned disposables. */
export function registerDoneWhenCommands(deps: DoneWhenCommandDeps): vscode.Disposable[] {
  const registerCommand = commandRegistrar(deps.log);
  return [
    registerCommand(COMMANDS.addAcceptanceCheck, (_target?: unknown, text?: unknown) => writeCheck(deps, undefined, text)),
    registerCommand(COMMANDS.editAcceptanceCheck, (target?: unknown, text?: unknown) => {
      const index = checkIndexOf(target);
      return index === undefined ? false : writeCheck(deps, index, text);
    }),
    registerCommand(COMMANDS.removeAcceptanceCheck, (target?: unknown) => removeCheck(deps, target)),
  ];
}
