// A run's id, shared by every host that starts runs (the CLI, the editor, the MCP server).
import { randomBytes } from 'node:crypto';

/** How long a run id's start-time stamp is: `20250101-120000`, to the second. */
const STAMP_LENGTH = 15;

/** A run id that sorts by start time to the second, e.g. `20250101-120000-3fa2`; runs started in the same second sort by chance. */
export function newRunId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, STAMP_LENGTH);
  return `${stamp}-${randomBytes(2).toString('hex')}`;
}

/** The second `runId` started in, as its stamp: runs that share it are not ordered by their ids. */
export function runIdSecond(runId: string): string {
  return runId.slice(0, STAMP_LENGTH);
}
