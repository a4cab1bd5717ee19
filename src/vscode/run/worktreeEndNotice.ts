// The end of a run that worked in a git worktree (planwright.isolation "worktree"): one notification with Show Diff,
// Apply, Keep Branch and Discard. Show Diff opens the run's patch and asks again; Apply writes the run into the
// workspace, or says which files the workspace changed meanwhile (nothing written) and asks again; Keep Branch (which
// says how to apply or discard the branch later) and Discard end the worktree. Dismissed, the worktree stays and the
// log says how to end it from the command line.
// The window is a port (the editor passes vscode.window's), so the integration test answers the notification itself.
import * as vscode from 'vscode';
import type { Logger } from '../../core/ports';
import type { RunState } from '../../core/run/runState';
import { messageOf } from '../../core/text/errorText';
import { GitError } from '../../node/gitCommand';
import { openRunWorktree, recordedWorktree, WorktreeError, type RunWorktree } from '../../node/runWorktree';
import { applyWorktree, discardWorktree, keepWorktree, worktreeDiff } from '../../node/worktreeEnd';

/** The window functions the worktree's end is asked with. */
export interface WorktreeEndWindow {
  showInformationMessage(message: string, ...buttons: string[]): Thenable<string | undefined>;
  showErrorMessage(message: string, ...buttons: string[]): Thenable<string | undefined>;
  /** Shows the run's changes (a patch) to read. */
  showDiff(patch: string): Thenable<unknown>;
}

/** How the user ended the worktree; `dismissed`: it stays as it is. */
export type WorktreeEnd = 'applied' | 'kept' | 'discarded' | 'dismissed';

/** The editor's window: notifications, and the patch in a diff document. */
export const editorWorktreeWindow: WorktreeEndWindow = {
  showInformationMessage: (message, ...buttons) => vscode.window.showInformationMessage(message, ...buttons),
  showErrorMessage: (message, ...buttons) => vscode.window.showErrorMessage(message, ...buttons),
  showDiff: async (patch) => vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'diff', content: patch }), { preview: false }),
};

/** A run that stopped for good: the end is asked only then (not while it waits for approval or is paused). */
const ENDED: ReadonlySet<RunState['status']> = new Set(['succeeded', 'failed', 'cancelled']);

/** Asks what becomes of the worktree of run `state`, when it worked in one that is still there and has ended; undefined otherwise. */
export async function offerWorktreeEnd(state: RunState | undefined, window: WorktreeEndWindow, log: Logger): Promise<WorktreeEnd | undefined> {
  const recorded = recordedWorktree(state?.host);
  if (!state || !recorded || !ENDED.has(state.status)) return undefined;
  const worktree = await openRunWorktree(recorded.workspace, state.runId).catch(() => undefined);
  if (!worktree) return undefined;
  const labels = { diff: vscode.l10n.t('Show Diff'), apply: vscode.l10n.t('Apply'), keep: vscode.l10n.t('Keep Branch'), discard: vscode.l10n.t('Discard') };
  let message = vscode.l10n.t('Run {0} worked in a git worktree on branch {1}; your workspace is unchanged. Apply its changes to the workspace, keep the branch, or discard them?', state.runId, worktree.branch);
  try {
    for (;;) {
      const choice = await window.showInformationMessage(message, labels.diff, labels.apply, labels.keep, labels.discard);
      if (choice === labels.diff) await showDiff(worktree, window);
      else if (choice === labels.apply) {
        const refused = await apply(worktree, log);
        if (!refused) return 'applied';
        message = refused;
      } else if (choice === labels.keep) {
        const kept = await keepWorktree(worktree, vscode.l10n.t('Planwright run {0}: {1}', state.runId, state.plan.goal));
        log.info(`Run ${state.runId}: kept branch ${kept.branch} (${kept.files.length} files); its worktree folder is removed`);
        void window.showInformationMessage(vscode.l10n.t('Kept branch {0} with the run\'s changes; merge it when you want them, or apply or discard it later with planwright worktree apply|discard {1} --workspace {2}.', kept.branch, state.runId, worktree.workspace));
        return 'kept';
      } else if (choice === labels.discard) {
        await discardWorktree(worktree);
        log.info(`Run ${state.runId}: discarded its worktree and branch ${worktree.branch}`);
        return 'discarded';
      } else {
        log.info(`Run ${state.runId}: its worktree stays at ${worktree.path}; end it with planwright worktree diff|apply|keep|discard ${state.runId} --workspace ${worktree.workspace}`);
        return 'dismissed';
      }
    }
  } catch (error) {
    if (!(error instanceof WorktreeError || error instanceof GitError)) throw error;
    log.error(`Run ${state.runId}'s worktree: ${messageOf(error)}`);
    void window.showErrorMessage(vscode.l10n.t('The worktree of run {0} could not be ended: {1}', state.runId, messageOf(error)));
    return 'dismissed';
  }
}

async function showDiff(worktree: RunWorktree, window: WorktreeEndWindow): Promise<void> {
  const diff = await worktreeDiff(worktree);
  await window.showDiff(diff.patch === '' ? vscode.l10n.t('The run changed no file.') : diff.patch);
}

/** Applies the run; undefined when applied, else what to ask with again (the files the workspace changed meanwhile). */
async function apply(worktree: RunWorktree, log: Logger): Promise<string | undefined> {
  try {
    const applied = await applyWorktree(worktree);
    log.info(`Run ${worktree.runId}: applied ${applied.files.length} files to ${worktree.workspace}; its worktree and branch are removed`);
    return undefined;
  } catch (error) {
    if (!(error instanceof WorktreeError && error.reason === 'conflict')) throw error;
    log.warn(error.message);
    return vscode.l10n.t('Not applied, nothing was written: the workspace changed {0} since run {1} started, and the run changed them too. Keep the branch and merge it, or discard the run.', error.files.join(', '), worktree.runId);
  }
}
