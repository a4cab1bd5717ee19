// What the log says as a run changes: each step whose status changed (with its failure, check detail or
// reason), each new revision, and why the run as a whole stopped.
import type * as vscode from 'vscode';
import type { RunState } from '../../core/run/runState';

/** Logs a change of the run touching `stepIds` (none: the run as a whole); `lastStatus` keeps each status said once. */
export function logRunChange(
  log: vscode.LogOutputChannel,
  lastStatus: Map<string, string>,
  state: RunState,
  stepIds: readonly string[],
  revised: boolean,
): void {
  for (const id of stepIds) {
    const run = state.steps.get(id);
    if (!run || lastStatus.get(id) === run.status) continue;
    lastStatus.set(id, run.status);
    const detail = run.failure?.message ?? (run.status === 'succeeded' ? run.checkDetail : run.reason);
    log.info(`${id} ${run.status}${detail ? `: ${detail}` : ''}`);
  }
  if (revised) log.info(`Revision ${state.revision}: ${state.replanReasons.at(-1) ?? ''}`);
  if (stepIds.length === 0 && state.statusReason) log.info(`Run ${state.status}: ${state.statusReason}`);
}
