// An edit of the whole plan made by a tree command (a "Done when" check, a revision from a comment), put in
// place the one way: through the session (into the open plan, or as the run's next revision once it has run),
// refusals said with the gate's problems, and, when the plan came from a file, saved into that file.
import * as vscode from 'vscode';
import type { Plan } from '../../core/plan/planSchema';
import { COMMANDS } from '../ids';
import { describeError, showError, summarizeProblems } from '../userMessages';
import type { PlanSession } from './planSession';

/** What putting an edit in place works with. */
export interface PlanEditDeps {
  readonly session: PlanSession;
  readonly log: vscode.LogOutputChannel;
}

/** Puts `edited` in place through the session (`what` is the revision's reason), then into the plan file the plan came from. */
export async function applyPlanEdit(deps: PlanEditDeps, edited: Plan, what: string, failed: string): Promise<boolean> {
  try {
    const outcome = await deps.session.applyEdit(edited, what);
    if (!outcome.ok) {
      showError(deps.log, summarizeProblems(deps.log, failed, outcome.problems));
      return false;
    }
  } catch (error) {
    showError(deps.log, `${failed}: ${describeError(error, deps.log)}`);
    return false;
  }
  const file = deps.session.loadedPlan.current?.uri;
  if (file) await vscode.commands.executeCommand(COMMANDS.savePlanAs, file);
  deps.log.info(`${what}${file ? `; saved to ${file.toString(true)}` : ''}`);
  return true;
}
