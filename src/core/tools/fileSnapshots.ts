// Snapshots of exactly the files a step touches (its tool's `writes()`), taken before the step runs,
// and the undo that puts those files back. Undo compares each file with its state when the step
// finished and refuses, unless forced, when the user changed it since, so it never clobbers their work.
// A snapshot keeps text only: a binary file, one over the read limit or anything but a regular file is
// recorded by size (and digest), never read whole, so the journal stays small and a FIFO never blocks.
import { BinaryFileError, describeFileType, FileChangedError, FileNotFoundError, formatBytes, UndoConflictError, UndoUnavailableError } from '../errors';
import type { FileChangePreview, Workspace } from '../ports';
import { readOrNull } from '../readOrNull';
import { messageOf } from '../text/errorText';
import { inScope } from '../workspacePath';
import { type FileSnapshot, type StepFlags, type ToolDefinition } from './defineTool';

/** How a finished step can be undone. */
export type UndoMethod = 'nothing' | 'snapshots' | 'compensation';

/** What an undo did: files put back, and files that already had their old content. */
export interface UndoResult {
  readonly restored: readonly string[];
  readonly unchanged: readonly string[];
}

/** `nothing` for read-only calls, `snapshots` for file tools, `compensation` (the step's own) for the rest. */
export function undoMethod<Input>(tool: ToolDefinition<Input>, input: Input, flags: StepFlags): UndoMethod {
  if (tool.writes(input).length > 0) return 'snapshots';
  return tool.effect(input, flags) === 'readOnly' ? 'nothing' : 'compensation';
}

/** One file's content now and after a proposed change (null: absent), for an approval preview. */
export async function previewChange(workspace: Workspace, path: string, after: (before: string | null) => string | null): Promise<FileChangePreview> {
  const before = await readOrNull(workspace, path);
  return { path, before, after: after(before) };
}

/**
 * Reads each of `paths` (once, in order); a missing file is recorded with `content: null`, a file that
 * cannot be kept as text (see the header) with `notKept`. Never rejects. `maxBytes` is the run's read limit,
 * with no default, so no caller can fall back to the built-in one by leaving it out.
 */
export async function takeSnapshots(workspace: Workspace, paths: readonly string[], maxBytes: number): Promise<FileSnapshot[]> {
  const snapshots: FileSnapshot[] = [];
  for (const path of new Set(paths)) snapshots.push(await snapshotFile(workspace, path, maxBytes));
  return snapshots;
}

/** What a file is marked with when no snapshot could be taken before its step: undo refuses it, saying so. */
export const NO_SNAPSHOT = 'not undoable: no snapshot';

/**
 * The snapshots `take` makes of `paths` before a step (`takeSnapshots`, in a run); when it fails outright, each
 * path is marked {@link NO_SNAPSHOT} with why, and `failed` hears it first, so the step runs without undo,
 * said, rather than with an empty snapshot that undo would take for "changed nothing".
 */
export async function snapshotsBefore(
  paths: readonly string[],
  take: (paths: readonly string[]) => Promise<FileSnapshot[]>,
  failed: (reason: string) => Promise<void>,
): Promise<FileSnapshot[]> {
  try {
    return await take(paths);
  } catch (error) {
    const reason = `${NO_SNAPSHOT} (${messageOf(error)})`;
    await failed(reason);
    return [...new Set(paths)].map((path) => ({ path, notKept: reason }));
  }
}

/**
 * What a step that may write `writes` left in its files: those `before` snapshotted, and the files now in a
 * folder it writes (a sub-plan's scope), which it created, unless the start snapshot failed (then only the
 * files `before` names, so nothing counts as created). Undefined when it writes nothing or the files cannot be read.
 */
export async function snapshotsAfter(
  writes: readonly string[],
  before: readonly FileSnapshot[],
  take: (paths: readonly string[]) => Promise<FileSnapshot[]>,
): Promise<FileSnapshot[] | undefined> {
  if (writes.length === 0) return undefined;
  const listed = !before.some((snapshot) => snapshot.notKept?.startsWith(NO_SNAPSHOT));
  return take([...before.map((snapshot) => snapshot.path), ...(listed ? writes : [])]).catch(() => undefined);
}

/** `paths` with every folder among them replaced by the files under it, so each file a step may change in a folder it writes is snapshotted. */
export async function filesOf(workspace: Workspace, paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  let listing: readonly string[] | undefined;
  for (const path of paths) {
    if ((await workspace.stat(path))?.type !== 'directory') {
      files.push(path);
      continue;
    }
    listing ??= await workspace.listAllFiles();
    files.push(...listing.filter((file) => inScope(file, [path])));
  }
  return files;
}

/** One file's snapshot: its type and size first, then its text when it is a regular text file within the limit. */
async function snapshotFile(workspace: Workspace, path: string, maxBytes: number): Promise<FileSnapshot> {
  try {
    const stat = await workspace.stat(path);
    if (!stat) return { path, content: null };
    if (stat.type !== 'file') return { path, notKept: `it is ${describeFileType(stat.type)}`, bytes: stat.size };
    if (stat.size > maxBytes) return { path, notKept: `${formatBytes(stat.size)} is over the read limit of ${formatBytes(maxBytes)}`, bytes: stat.size };
    return { path, content: await workspace.readFile(path, { maxBytes }) };
  } catch (error) {
    if (error instanceof FileNotFoundError) return { path, content: null };
    if (error instanceof BinaryFileError) return { path, notKept: 'it is binary', bytes: error.size, sha256: error.sha256 };
    return { path, notKept: `it could not be read: ${messageOf(error)}` };
  }
}

/** The snapshot of `path` among `snapshots`, or `undefined`. */
export function snapshotOf(snapshots: readonly FileSnapshot[], path: string): FileSnapshot | undefined {
  return snapshots.find((snapshot) => snapshot.path === path);
}

/**
 * Puts the files of `before` back as they were. With `after` (the snapshot taken when the step
 * finished), refuses with `UndoConflictError` before changing anything if a file differs from it,
 * unless `force` is set. Files absent before the step are deleted. Refuses with `UndoUnavailableError`,
 * before changing anything, when a file's earlier content was not kept.
 */
export async function undoFromSnapshots(
  workspace: Workspace,
  before: readonly FileSnapshot[],
  after?: readonly FileSnapshot[],
  options: { readonly force?: boolean } = {},
): Promise<UndoResult> {
  const pending: Array<FileSnapshot & { readonly current: string | null }> = [];
  const unchanged: string[] = [];
  const conflicts: string[] = [];
  const lost = before.filter((snapshot) => snapshot.content === undefined);
  if (lost.length > 0) throw new UndoUnavailableError(lost.map((snapshot) => `${snapshot.path} (${snapshot.notKept ?? 'not kept'})`));
  for (const snapshot of before) {
    const current = await readOrNull(workspace, snapshot.path);
    if (current === snapshot.content) {
      unchanged.push(snapshot.path);
      continue;
    }
    const finished = after ? snapshotOf(after, snapshot.path) : undefined;
    if (after && (finished === undefined || finished.content !== current)) conflicts.push(snapshot.path);
    pending.push({ ...snapshot, current });
  }
  if (conflicts.length > 0 && !options.force) throw new UndoConflictError(conflicts);
  for (const snapshot of pending) {
    if (snapshot.content === null) await deleteIfPresent(workspace, snapshot.path);
    else if (snapshot.content !== undefined) await restoreOver(workspace, snapshot.path, snapshot.current, snapshot.content, options.force === true);
  }
  return { restored: pending.map((snapshot) => snapshot.path), unchanged };
}

/** Writes `content` back over exactly the text compared (`current`); changed since, it is a conflict unless forced. */
async function restoreOver(workspace: Workspace, path: string, current: string | null, content: string, force: boolean): Promise<void> {
  try {
    await workspace.writeFileIfUnchanged(path, current, content);
  } catch (error) {
    if (!(error instanceof FileChangedError)) throw error;
    if (!force) throw new UndoConflictError([path]);
    await workspace.writeFile(path, content);
  }
}

async function deleteIfPresent(workspace: Workspace, path: string): Promise<void> {
  try {
    await workspace.deleteFile(path);
  } catch (error) {
    if (!(error instanceof FileNotFoundError)) throw error;
  }
}
