// Where runs are kept: each run's journal and trace as JSON lines under the extension's workspace storage
// (`context.storageUri`, private to this workspace and never in the user's files), and which run was last,
// so a reloaded window can show it as it was and offer to resume it. Sub-plans' child runs are journalled in
// the same folder, beside their parent's files.
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import * as readline from 'node:readline';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { newRunId, runIdSecond } from '../../node/runId';
import { JsonlRecordLog } from '../../node/jsonlRecordLog';

const JOURNAL_SUFFIX = '.journal.jsonl';
const TRACE_SUFFIX = '.trace.jsonl';

/** One run's files. */
export interface RunFiles {
  readonly runId: string;
  readonly journal: JsonlRecordLog;
  readonly trace: JsonlRecordLog;
  readonly journalPath: string;
  readonly tracePath: string;
}

/** Closes a run's journal and trace, if there is a run; a file that fails to close is left to the OS. */
export async function closeRunFiles(files: RunFiles | undefined): Promise<void> {
  if (!files) return;
  await Promise.all([files.journal.close(), files.trace.close()]).catch(() => undefined);
}

export class RunStorage {
  /** `folder` is a local folder (the extension host writes it with node:fs), e.g. `<storageUri>/runs`. */
  constructor(readonly folder: string) {}

  /**
   * The folder for runs under `context.storageUri` (workspace storage), or under global storage when no
   * folder is open. Both are on the extension host's disk, local or remote.
   */
  static forContext(context: Pick<vscode.ExtensionContext, 'storageUri' | 'globalStorageUri'>): RunStorage {
    const base = context.storageUri ?? context.globalStorageUri;
    return new RunStorage(path.join(base.fsPath, 'runs'));
  }

  /** The files of a new run, named by a run id that sorts by start time. */
  create(now: Date): RunFiles {
    return this.open(newRunId(now));
  }

  /** The files of run `runId`. */
  open(runId: string): RunFiles {
    return RunStorage.at(path.join(this.folder, `${runId}${JOURNAL_SUFFIX}`));
  }

  /** The files of the run journalled at `journalPath`, in any folder (a CLI run's in `.planwright/runs`): its trace beside it. */
  static at(journalPath: string): RunFiles {
    const runId = path.basename(journalPath).replace(/\.journal\.jsonl$/, '');
    const tracePath = path.join(path.dirname(journalPath), `${runId}${TRACE_SUFFIX}`);
    // The trace is evidence, not what resume trusts: it is written before each action but not fsync'd.
    return { runId, journal: new JsonlRecordLog(journalPath), trace: new JsonlRecordLog(tracePath, false), journalPath, tracePath };
  }

  /**
   * The id of the latest top-level run, or `undefined` when there is none; sub-plans' child runs are not counted.
   * Ids order runs by the second they started; of runs started in the same second, the one whose journal says it
   * started last.
   */
  async latest(): Promise<string | undefined> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    // A child run is named `<parent>.<step>-<hash>`; a top-level run id has no dot.
    const ids = names.filter((name) => name.endsWith(JOURNAL_SUFFIX)).map((name) => name.slice(0, -JOURNAL_SUFFIX.length)).filter((id) => !id.includes('.'));
    const last = ids.sort().at(-1);
    if (last === undefined) return undefined;
    const sameSecond = ids.filter((id) => runIdSecond(id) === runIdSecond(last));
    if (sameSecond.length === 1) return last;
    const started = await Promise.all(sameSecond.map(async (id) => ({ id, at: await startedAt(this.open(id).journalPath) })));
    return started.reduce((latest, run) => (run.at > latest.at ? run : latest)).id;
  }

  /** The ids of the child runs of run `runId` (its sub-plans', and theirs) whose journals are in the folder. */
  async children(runId: string): Promise<string[]> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    return names.filter((name) => name.startsWith(`${runId}.`) && name.endsWith(JOURNAL_SUFFIX)).map((name) => name.slice(0, -JOURNAL_SUFFIX.length)).sort();
  }
}

/** When the run journalled at `journalPath` started, as its first record says; 0 when it cannot be read. */
async function startedAt(journalPath: string): Promise<number> {
  const input = createReadStream(journalPath, { encoding: 'utf8' });
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const at = (JSON.parse(line) as { at?: unknown }).at;
      return typeof at === 'number' ? at : 0;
    }
    return 0;
  } catch {
    return 0;
  } finally {
    lines.close();
    input.destroy();
  }
}
