// The editor's side of runs that share a workspace: the claims of this window's run kept in its workspace
// folder (a local folder; a remote or virtual one claims nothing), and its steps that wait for another run's
// step, for the tree ("waits for run R's step 3 on src/a.js") and the log.
import type * as vscode from 'vscode';
import type { ClaimHolder, WriteClaims } from '../../core/ports';
import { claimWaitText } from '../../core/run/writeClaimTable';
import { workspaceClaims } from '../../node/workspaceClaims';

/** The steps of this window's run that wait for another run's step, by step id. */
export class EditorClaimWaits {
  private readonly waits = new Map<string, ClaimHolder>();

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly changed: (stepIds: readonly string[]) => void,
  ) {}

  /** Who each waiting step waits for. */
  get current(): ReadonlyMap<string, ClaimHolder> {
    return this.waits;
  }

  /** The claims of run `runId` in `folder`; its sub-plans' runs' waits go to the log only. */
  claimsOf(folder: vscode.WorkspaceFolder, runId: string): WriteClaims | undefined {
    if (folder.uri.scheme !== 'file') return undefined;
    this.waits.clear();
    return workspaceClaims(folder.uri.fsPath, (request, holder) => {
      this.log.info(`Run ${request.runId}: step ${request.stepId} ${holder ? claimWaitText(holder) : 'goes on: the file it waited for is free'}`);
      if (request.runId !== runId) return;
      if (holder) this.waits.set(request.stepId, holder);
      else this.waits.delete(request.stepId);
      this.changed([request.stepId]);
    });
  }
}
