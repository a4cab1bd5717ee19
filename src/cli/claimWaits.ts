// The CLI's side of runs that share a workspace: the run's claims kept in the workspace, and a step that waits
// for another run's step says so as it happens ("E2  waiting          step 2 waits for run R's step 3 on
// src/a.js"), to the MCP caller's progress too, and with --json in the report's `waits`.
import type { ClaimHolder, WriteClaims } from '../core/ports';
import { claimWaitText } from '../core/run/writeClaimTable';
import { workspaceClaims } from '../node/workspaceClaims';
import type { CliIo } from './cliIo';

/** One wait of a step of the run (or of its sub-plans' runs) for another run's step, as --json reports it. */
export interface ClaimWaitReport {
  readonly runId: string;
  readonly stepId: string;
  readonly waitedFor: ClaimHolder;
  readonly text: string;
}

/** The claims of a CLI run in the workspace at `root`, and the waits they made. */
export function cliClaims(root: string, io: CliIo, json: boolean): { readonly claims: WriteClaims; readonly waits: readonly ClaimWaitReport[] } {
  const waits: ClaimWaitReport[] = [];
  const claims = workspaceClaims(root, (request, holder) => {
    if (!holder) return;
    const text = claimWaitText(holder);
    waits.push({ runId: request.runId, stepId: request.stepId, waitedFor: holder, text });
    // A sub-plan's run is named by its own id (`<run>.<step>-<hash>`).
    const line = `${request.runId.includes('.') ? `run ${request.runId}: ` : ''}${request.stepId}  waiting          step ${request.step} ${text}`;
    io.onProgress?.(line, 0, 0);
    if (!json) io.stdout.write(`${line}\n`);
  });
  return { claims, waits };
}
