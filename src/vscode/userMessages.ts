// Errors and outcomes as one short message for the user, with the details in the log: typed errors from
// core become a sentence that says what and where; anything else is shown by its message.
import * as vscode from 'vscode';
import { AgentRunNotResumableError, ModelError, UndoConflictError } from '../core/errors';
import { PlannerError } from '../core/planner/plannerError';
import { dollars, UnpricedModelsError } from '../core/cost/costCap';
import { formatProblem, type PlanProblem } from '../core/plan/planProblem';
import { messageOf } from '../core/text/errorText';
import { RunUnavailableError } from './run/runUnavailableError';

/** The short text for `error`; the details go to `log`. */
export function describeError(error: unknown, log: vscode.LogOutputChannel): string {
  if (error instanceof PlannerError) {
    log.error(`${error.message}\n${error.problems.map((problem) => `  ${problem}`).join('\n')}`);
    return vscode.l10n.t("The model's plan was not valid, even after one repair turn: {0}", error.problems[0] ?? error.message);
  }
  if (error instanceof ModelError) {
    log.error(`model error (${error.reason}): ${error.message}`);
    return error.message;
  }
  if (error instanceof UndoConflictError) {
    log.warn(error.message);
    return error.message;
  }
  if (error instanceof RunUnavailableError) return error.message;
  if (error instanceof UnpricedModelsError) {
    log.warn(error.message);
    return vscode.l10n.t(
      'The cost cap ({0}, planwright.maxCost) cannot count calls of a model without a price: {1} has no price in planwright.prices. Add its price, or turn on planwright.allowUnpricedModels to cap the priced calls only. Nothing ran.',
      dollars(error.maxCost),
      error.models.join(', '),
    );
  }
  if (error instanceof AgentRunNotResumableError) {
    log.warn(error.message);
    return agentRunRefusalText(error.runId);
  }
  log.error(error instanceof Error && error.stack ? error.stack : messageOf(error));
  return messageOf(error);
}

/** Why the fused agent's run `runId` cannot be resumed, and what to do instead (core's agentRunRefusal, in the editor's words). */
export function agentRunRefusalText(runId: string): string {
  return vscode.l10n.t(
    "Run {0} is a fused agent run, and a fused agent run cannot be resumed: the agent's conversation is not journalled, and carrying the run on as a plan could repeat an action the agent already took. Start the task again (Plan a Task).",
    runId,
  );
}

/** Shows a short error; "Show Log" reveals the details. */
export function showError(log: vscode.LogOutputChannel, message: string): void {
  void vscode.window.showErrorMessage(message, vscode.l10n.t('Show Log')).then((choice) => {
    if (choice) log.show(true);
  });
}

/** Reports a failed command: a short message, the details in the log. */
export function reportFailure(log: vscode.LogOutputChannel, what: string, error: unknown): void {
  showError(log, `${what}: ${describeError(error, log)}`);
}

/** The gate's problems: all of them in the log, the first (and how many more) in one line. */
export function summarizeProblems(log: vscode.LogOutputChannel, what: string, problems: readonly PlanProblem[]): string {
  log.warn(`${what} (${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}):`);
  for (const problem of problems) log.warn(`  ${formatProblem(problem)}`);
  return problemsText(what, problems);
}

/** `what: the first problem`, and how many more there are. */
export function problemsText(what: string, problems: readonly PlanProblem[]): string {
  const [first] = problems;
  if (!first) return vscode.l10n.t('{0}: unknown problem', what);
  const more = problems.length - 1;
  if (more === 0) return `${what}: ${formatProblem(first)}`;
  return more === 1 ? vscode.l10n.t('{0}: {1} (and 1 more)', what, formatProblem(first)) : vscode.l10n.t('{0}: {1} (and {2} more)', what, formatProblem(first), more);
}
