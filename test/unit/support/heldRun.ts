// A run held open on purpose, for the tests of the run lease from every door: a plan whose one step records that
// it ran, then holds until the test writes `go` (its shell's process group in e1.pgid, to kill what is left), and
// a wait on a condition bounded by the machine's time budget.
import { setTimeout as delay } from 'node:timers/promises';
import { budgetMs } from '../../../scripts/testing/timeBudget';

/** One step that records that it ran, then holds until the test writes `go`. */
export const HOLDING_PLAN = {
  version: 1,
  goal: 'Hold the run',
  steps: [
    {
      id: 'E1',
      title: 'Wait for go',
      tool: 'runCommand',
      args: { command: 'echo $$ > e1.pgid; echo ran >> ran.txt; while [ ! -f go ]; do sleep 0.05; done' },
      idempotent: true,
      postcondition: { kind: 'exitCode', equals: 0 },
    },
  ],
};

/** Resolves once `condition` holds, polling; fails naming `what` when the machine's budget runs out. */
export async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + budgetMs(30_000);
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(25);
  }
}

/** Kills process group `pgid` (a held step's shell and what it started); nothing when it is gone. */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // ESRCH: nothing left in the group.
  }
}
