// The CLI's side of the run lease: `run` and `resume` hold the lease of the run's journal for as long as they
// run it, and refuse, having changed nothing, while another live process (another CLI, the editor, an MCP
// server) holds it, saying who and since when, with exit code 4.
import { RunLeaseHeldError, type RunLeaseHolder } from '../core/errors';
import type { RunLeases } from '../core/ports';
import { holderParts, nodeRunLeases } from '../node/journalLease';
import { EXIT, type CliIo } from './cliIo';

/** "run R is being run by process 4121 since 10:42; wait for it or stop it" (a holder on another host names it). */
export function heldRunText(runName: string, holder: RunLeaseHolder): string {
  const { pid, host, since } = holderParts(holder);
  return `run ${runName} is being run by process ${pid}${host !== undefined ? ` on ${host}` : ''} since ${since}; wait for it or stop it`;
}

/** Runs `work` holding the lease of the run journalled at `journalPath`, released when it ends. */
export async function withRunLease(journalPath: string, io: CliIo, work: () => Promise<number>, leases: RunLeases = nodeRunLeases): Promise<number> {
  let lease;
  try {
    lease = await leases.acquire(journalPath);
  } catch (error) {
    if (!(error instanceof RunLeaseHeldError)) throw error;
    io.stderr.write(`planwright: ${heldRunText(error.runName, error.holder)}\n`);
    return EXIT.runHeld;
  }
  try {
    return await work();
  } finally {
    await lease.release();
  }
}
