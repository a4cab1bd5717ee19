// A run's id, shared by every host that starts runs (the CLI, the editor, the MCP server).
import { randomBytes } from 'node:crypto';

/** A run id that sorts by start time, e.g. `20250101-120000-3fa2`. */
export function newRunId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(2).toString('hex')}`;
}
