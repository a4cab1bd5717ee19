// Sub-plans whose child runs are journalled to files: each child's journal (fsync'd) and trace go beside
// its parent's journal, named by the child run id, so a resumed parent finds its children where it left them.
import * as nodePath from 'node:path';
import { SubplanRunner, type ChildLogs, type SubplanRunnerDeps } from '../core/subplan/subplanRunner';
import { JsonlRecordLog } from './jsonlRecordLog';

/** A child run's journal (fsync'd) and trace in `folder`. */
async function openChildLogs(folder: string, childRunId: string): Promise<ChildLogs> {
  const journal = new JsonlRecordLog(nodePath.join(folder, `${childRunId}.journal.jsonl`), true);
  const trace = new JsonlRecordLog(nodePath.join(folder, `${childRunId}.trace.jsonl`), false);
  return { journal, trace, close: async () => void (await Promise.all([journal.close(), trace.close()])) };
}

/** The sub-plan runner of a run journalled at `journalPath`, its children's files beside that journal. */
export function fileSubplanRunner(journalPath: string, deps: Omit<SubplanRunnerDeps, 'openLogs'>): SubplanRunner {
  const folder = nodePath.dirname(journalPath);
  return new SubplanRunner({ ...deps, openLogs: (childRunId) => openChildLogs(folder, childRunId) });
}
