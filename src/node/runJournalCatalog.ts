// The runs of a workspace as their journals and leases tell them, for the editor's Runs view: every top-level
// journal in the folders given (the editor's run storage, the workspace's `.planwright/runs` where the CLI and
// MCP servers write), replayed read-only, with who holds its lease now. A journal is replayed again only when
// it changed (size or time), so looking every second costs a `stat` per run. A journal that cannot be replayed
// keeps the row it had (none when it never could), and is reported through `onWarning` once per change.
import { readdir, stat } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { loadRunState } from '../core/executor/runRecorder';
import type { FoundRun, FoundRunDoor } from '../core/run/foundRun';
import type { RunState } from '../core/run/runState';
import { reportedRunStatus } from '../core/run/undoneRun';
import { NOT_STARTED_STATUSES } from '../core/run/stepTransitions';
import { messageOf } from '../core/text/errorText';
import { JsonlRecordLog } from './jsonlRecordLog';
import { liveHolder } from './journalLease';

const JOURNAL_SUFFIX = '.journal.jsonl';

/** A folder of journals, and the door whose runs it holds. */
export interface JournalFolder {
  readonly folder: string;
  readonly door: FoundRunDoor;
}

interface Replayed {
  readonly size: number;
  readonly mtimeMs: number;
  readonly found: Omit<FoundRun, 'holder'> | undefined;
}

/** What a replayed run's row needs of it. */
export function foundRunOf(state: RunState, journalPath: string, door: FoundRunDoor, changedAt: number): Omit<FoundRun, 'holder'> {
  const ended = state.plan.steps.filter((step) => {
    const status = state.steps.get(step.id)?.status ?? 'pending';
    return status !== 'running' && !NOT_STARTED_STATUSES.has(status);
  }).length;
  return { runId: state.runId, journalPath, door, goal: state.plan.goal, status: reportedRunStatus(state), startedAt: state.startedAt, changedAt, ended, steps: state.plan.steps.length };
}

/** The runs journalled in some folders; see the file header. */
export class RunJournalCatalog {
  private readonly replayed = new Map<string, Replayed>();

  constructor(
    private readonly folders: () => readonly JournalFolder[],
    private readonly onWarning: (message: string) => void = () => undefined,
  ) {}

  /** Every top-level run in the folders now (a sub-plan's child journal, `<parent>.<step>-…`, is not one). */
  async runs(): Promise<FoundRun[]> {
    const found: FoundRun[] = [];
    const seen = new Set<string>();
    for (const { folder, door } of this.folders()) {
      const names = await readdir(folder).catch(() => [] as string[]);
      for (const name of names) {
        if (!name.endsWith(JOURNAL_SUFFIX) || name.slice(0, -JOURNAL_SUFFIX.length).includes('.')) continue;
        const journalPath = nodePath.join(folder, name);
        seen.add(journalPath);
        const run = await this.replay(journalPath, door);
        if (!run) continue;
        const holder = await liveHolder(journalPath);
        found.push(holder ? { ...run, holder } : run);
      }
    }
    for (const path of [...this.replayed.keys()]) if (!seen.has(path)) this.replayed.delete(path);
    return found;
  }

  private async replay(journalPath: string, door: FoundRunDoor): Promise<Omit<FoundRun, 'holder'> | undefined> {
    const info = await stat(journalPath).catch(() => undefined);
    if (!info || info.size === 0) return undefined;
    const before = this.replayed.get(journalPath);
    if (before && before.size === info.size && before.mtimeMs === info.mtimeMs) return before.found;
    let found: Omit<FoundRun, 'holder'> | undefined;
    try {
      // Read only: a JsonlRecordLog opens its file for writing on its first append, which never comes here.
      found = foundRunOf(await loadRunState(new JsonlRecordLog(journalPath), () => undefined), journalPath, door, info.mtimeMs);
    } catch (error) {
      this.onWarning(`Runs view: could not read ${journalPath}: ${messageOf(error)}`);
      found = before?.found;
    }
    this.replayed.set(journalPath, { size: info.size, mtimeMs: info.mtimeMs, found });
    return found;
  }
}
