// Replaying the last run of the workspace from its journal, for a window that was reloaded: it reads the
// journal and executes nothing; a journal it cannot replay is reported in the log. Also the shape of the
// journal's `host` record, which tells a replayed run which plan it belongs to, and the plan file it opens.
// The run's sub-plans are replayed from their own journals beside it, so the tree nests them as they were.
import * as vscode from 'vscode';
import { loadRunState } from '../../core/executor/runRecorder';
import type { RunState } from '../../core/run/runState';
import { messageOf } from '../../core/text/errorText';
import type { LoadedPlanFile } from '../plan/loadedPlan';
import type { EditorRunLease } from './editorRunLease';
import type { RunHost } from './runHost';
import type { WorktreeRecord } from '../../node/runWorktree';
import { closeRunFiles, type RunFiles, type RunStorage } from './runStorage';

/** What the journal's `host` field holds for a run started in VS Code. */
export interface HostRecord {
  readonly source?: string;
  readonly planUri?: string;
  /** The git worktree the run works in (planwright.isolation "worktree"). */
  readonly worktree?: WorktreeRecord;
}

/** The last run of the workspace (or the one journalled in `chosen`) as its journal tells it; undefined when there is none or it cannot be replayed. */
export async function replayLatestRun(
  storage: RunStorage,
  log: vscode.LogOutputChannel,
  chosen?: RunFiles,
): Promise<{ readonly runId: string; readonly files: RunFiles; readonly state: RunState } | undefined> {
  const runId = chosen?.runId ?? (await storage.latest());
  if (!runId) return undefined;
  const files = chosen ?? storage.open(runId);
  let state: RunState;
  try {
    state = await loadRunState(files.journal, (warning) => log.warn(warning));
  } catch (error) {
    log.error(`Could not replay the journal of run ${runId} (${files.journalPath}): ${messageOf(error)}`);
    return undefined;
  }
  return { runId, files, state };
}

/**
 * The last run of the workspace (or the one in `chosen`, picked in the Runs view) restored for a reloaded window: replayed with its sub-plans, its lease taken
 * (a run another process holds is shown as held, and not resumed here), and its plan opened in the view.
 */
export async function restoreLatestRun(host: RunHost, lease: EditorRunLease, chosen?: RunFiles): Promise<{ readonly files: RunFiles; readonly state: RunState; readonly children: ReadonlyMap<string, RunState> } | undefined> {
  await host.prepareTools?.();
  const replayed = await replayLatestRun(host.storage, host.log, chosen);
  if (!replayed) return undefined;
  const { runId, files, state } = replayed;
  if (!(await lease.take(files.journalPath))) host.log.info(`Run ${runId}: ${lease.heldElsewhere}`);
  const children = await replayChildren(host.storage, runId, host.log);
  await host.loadedPlan.set(replayedPlanFile(runId, state));
  host.log.info(`Restored run ${runId} from ${files.journalPath}: ${state.status}${state.statusReason ? ` (${state.statusReason})` : ''}`);
  return { files, state, children };
}

/** The child runs of run `runId` as their journals tell them, by run id; a journal that cannot be replayed is left out and logged. */
export async function replayChildren(storage: RunStorage, runId: string, log: vscode.LogOutputChannel): Promise<Map<string, RunState>> {
  const children = new Map<string, RunState>();
  for (const childRunId of await storage.children(runId)) {
    const files = storage.open(childRunId);
    try {
      children.set(childRunId, await loadRunState(files.journal, (warning) => log.warn(warning)));
    } catch (error) {
      log.warn(`Could not replay the journal of sub-plan run ${childRunId} (${files.journalPath}): ${messageOf(error)}`);
    } finally {
      await closeRunFiles(files);
    }
  }
  return children;
}

/** The plan a replayed run belongs to, as the view opens it: the file it came from, when its host record says. */
export function replayedPlanFile(runId: string, state: RunState): LoadedPlanFile {
  const host = (state.host ?? {}) as HostRecord;
  return { source: host.source ?? vscode.l10n.t('run {0}', runId), ...(host.planUri ? { uri: vscode.Uri.parse(host.planUri) } : {}), plan: state.plan };
}
