// Snapshots of exactly the files a step touches (its tool's `writes()`), taken before the step runs,
// and the undo that puts those files back. Undo compares each file with its state when the step
// finished and refuses, unless forced, when the user changed it since, so it never clobbers their work.
import { FileNotFoundError, UndoConflictError } from '../errors';
import type { FileChangePreview, Workspace } from '../ports';
import type { FileSnapshot, StepFlags, ToolDefinition } from './defineTool';

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

/** The text of `path`, or null when no file is there. */
export async function readOrNull(workspace: Workspace, path: string): Promise<string | null> {
  try {
    return await workspace.readFile(path);
  } catch (error) {
    if (error instanceof FileNotFoundError) return null;
    throw error;
  }
}

/** One file's content now and after a proposed change (null: absent), for an approval preview. */
export async function previewChange(workspace: Workspace, path: string, after: (before: string | null) => string | null): Promise<FileChangePreview> {
  const before = await readOrNull(workspace, path);
  return { path, before, after: after(before) };
}

/** Reads each of `paths` (once, in order); a missing file is recorded with `content: null`. */
export async function takeSnapshots(workspace: Workspace, paths: readonly string[]): Promise<FileSnapshot[]> {
  const snapshots: FileSnapshot[] = [];
  for (const path of new Set(paths)) snapshots.push({ path, content: await readOrNull(workspace, path) });
  return snapshots;
}

/** The snapshot of `path` among `snapshots`, or `undefined`. */
export function snapshotOf(snapshots: readonly FileSnapshot[], path: string): FileSnapshot | undefined {
  return snapshots.find((snapshot) => snapshot.path === path);
}

/**
 * Puts the files of `before` back as they were. With `after` (the snapshot taken when the step
 * finished), refuses with `UndoConflictError` before changing anything if a file differs from it,
 * unless `force` is set. Files absent before the step are deleted.
 */
export async function undoFromSnapshots(
  workspace: Workspace,
  before: readonly FileSnapshot[],
  after?: readonly FileSnapshot[],
  options: { readonly force?: boolean } = {},
): Promise<UndoResult> {
  const pending: FileSnapshot[] = [];
  const unchanged: string[] = [];
  const conflicts: string[] = [];
  for (const snapshot of before) {
    const current = await readOrNull(workspace, snapshot.path);
    if (current === snapshot.content) {
      unchanged.push(snapshot.path);
      continue;
    }
    const finished = after ? snapshotOf(after, snapshot.path) : undefined;
    if (after && (finished === undefined || finished.content !== current)) conflicts.push(snapshot.path);
    pending.push(snapshot);
  }
  if (conflicts.length > 0 && !options.force) throw new UndoConflictError(conflicts);
  for (const snapshot of pending) {
    if (snapshot.content === null) await deleteIfPresent(workspace, snapshot.path);
    else await workspace.writeFile(snapshot.path, snapshot.content);
  }
  return { restored: pending.map((snapshot) => snapshot.path), unchanged };
}

async function deleteIfPresent(workspace: Workspace, path: string): Promise<void> {
  try {
    await workspace.deleteFile(path);
  } catch (error) {
    if (!(error instanceof FileNotFoundError)) throw error;
  }
}
