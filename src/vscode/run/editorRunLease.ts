// The editor's side of the run lease: the run this window starts, opens after a reload or resumes holds its
// journal's lease for as long as the window shows it, so a CLI or MCP resume of it is refused meanwhile. A run
// another process holds is shown as held, naming that process, and is not resumed until its holder lets go
// (or dies: a dead holder's lease is taken over). The lease of this extension host's own earlier run of the
// same journal is this window's: the controller already runs one run at a time.
import * as vscode from 'vscode';
import { RunLeaseHeldError } from '../../core/errors';
import type { RunLease, RunLeases } from '../../core/ports';
import { holderParts, nodeRunLeases } from '../../node/journalLease';
import { RunUnavailableError } from './runUnavailableError';

/** The lease of the run this window shows. */
export class EditorRunLease {
  private held: { readonly journalPath: string; readonly lease?: RunLease } | undefined;
  private heldBy: string | undefined;

  constructor(private readonly leases: RunLeases = nodeRunLeases) {}

  /** While another process holds the shown run: "run R is being run by process 4121 since 10:42; wait for it or stop it". */
  get heldElsewhere(): string | undefined {
    return this.heldBy;
  }

  /** Takes the lease of the run journalled at `journalPath` (letting go of the one held before); false while another process holds it. */
  async take(journalPath: string): Promise<boolean> {
    if (this.held?.journalPath === journalPath) return true;
    await this.release();
    try {
      this.held = { journalPath, lease: await this.leases.acquire(journalPath) };
    } catch (error) {
      if (!(error instanceof RunLeaseHeldError)) throw error;
      if (error.holder.pid === process.pid && holderParts(error.holder).host === undefined) {
        this.held = { journalPath };
        return true;
      }
      const { pid, host, since } = holderParts(error.holder);
      this.heldBy =
        host === undefined
          ? vscode.l10n.t('run {0} is being run by process {1} since {2}; wait for it or stop it', error.runName, pid, since)
          : vscode.l10n.t('run {0} is being run by process {1} on {2} since {3}; wait for it or stop it', error.runName, pid, host, since);
      return false;
    }
    return true;
  }

  /** Takes the lease of `journalPath` before the run is executed, or refuses, naming its holder. */
  async hold(journalPath: string): Promise<void> {
    if (!(await this.take(journalPath))) throw new RunUnavailableError(this.heldBy);
  }

  /** Lets go of the lease this window holds, if any. */
  async release(): Promise<void> {
    const lease = this.held?.lease;
    this.held = undefined;
    this.heldBy = undefined;
    await lease?.release();
  }
}
