// The error for a run action that cannot happen now (no run, a run in progress, an untrusted workspace, no
// folder): its message is already the words the user sees, in their language.
import * as vscode from 'vscode';

/** A run the user can act on was not there, or the workspace may not run anything: said once, in words. */
export class RunUnavailableError extends Error {
  readonly reason = 'runUnavailable';
}

/** The agent's loop cannot stop and carry on the way a planned run does (to revise, retry or skip); it can only be cancelled. */
export function agentWorkingError(): RunUnavailableError {
  return new RunUnavailableError(vscode.l10n.t('The agent is still working on the goal: wait for it to stop, or cancel the run first.'));
}
