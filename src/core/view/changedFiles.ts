// The files a run changed, with line counts, from the snapshots its steps took before and after they ran:
// each file's content before the first step that touched it against its content after the last one.
import type { FileTouch } from '../run/runState';

/** One changed file: `lines` like `+3 -1`, absent when a snapshot was not kept (too large, unreadable). */
export interface FileChange {
  readonly path: string;
  readonly lines?: string;
}

/** The files `touches` changed, in the order first touched; a file left as it was is not listed. */
export function changedFiles(touches: readonly FileTouch[]): FileChange[] {
  const first = new Map<string, string | null | undefined>();
  const last = new Map<string, string | null | undefined>();
  for (const touch of touches) {
    for (const snapshot of touch.before) if (!first.has(snapshot.path)) first.set(snapshot.path, snapshot.content);
    for (const snapshot of touch.after ?? []) last.set(snapshot.path, snapshot.content);
  }
  const changes: FileChange[] = [];
  for (const [path, before] of first) {
    if (!last.has(path)) continue;
    const after = last.get(path);
    if (before === after) continue;
    changes.push(before === undefined || after === undefined ? { path } : { path, lines: lineCounts(before ?? '', after ?? '') });
  }
  return changes;
}

/**
 * `+added -removed`: lines of `after` with no counterpart in `before` and the other way round, counted as a
 * multiset (a moved line counts as neither), which is what a reviewer's diff shows for edits in place.
 */
export function lineCounts(before: string, after: string): string {
  const count = new Map<string, number>();
  const lines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
  for (const line of lines(before)) count.set(line, (count.get(line) ?? 0) + 1);
  let added = 0;
  for (const line of lines(after)) {
    const left = count.get(line) ?? 0;
    if (left > 0) count.set(line, left - 1);
    else added++;
  }
  const removed = [...count.values()].reduce((sum, left) => sum + left, 0);
  return `+${added} -${removed}`;
}
