// renameFile: moves a file to a new path inside the workspace.
import { z } from 'zod';
import { ToolError } from '../errors';
import type { FileStat } from '../ports';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool, type SettleOutcome } from './defineTool';
import { previewChange } from './fileSnapshots';
import { readOrNull } from '../readOrNull';
import { guarded, requireFile } from './toolFailure';

/** The arguments of renameFile: the file and its new path. */
export const RenameFileInputSchema = z.object({ from: WorkspacePathSchema, to: WorkspacePathSchema }).strict();

/** Whether a rename happened, from what is at the source and the target now. */
export function renameOutcome(source: FileStat | undefined, target: FileStat | undefined): SettleOutcome {
  if (!source && target) return 'done';
  if (source && !target) return 'notDone';
  return 'cannotTell';
}

/** Renames one file; an existing target is a definite failure, never overwritten. */
export const renameFileTool = defineTool({
  name: 'renameFile',
  description: 'Rename (move) a workspace file; the target must not exist.',
  input: RenameFileInputSchema,
  effect: () => 'nonIdempotent',
  writes: (input) => [input.from, input.to],
  needs: (input) => [input.from],
  settleMethod: () => 'statusRead',
  statusRead: async (input, { workspace }) => {
    try {
      return renameOutcome(await workspace.stat(input.from), await workspace.stat(input.to));
    } catch {
      return 'cannotTell';
    }
  },
  preview: async (input, workspace) => {
    const source = await readOrNull(workspace, input.from);
    return {
      kind: 'fileChanges',
      changes: [
        { path: input.from, before: source, after: null },
        await previewChange(workspace, input.to, () => source),
      ],
    };
  },
  execute: (input, { workspace, signal }) => {
    const action = `renameFile ${input.from} → ${input.to}`;
    return guarded(action, signal, async () => {
      await requireFile(workspace, input.from, action);
      const existing = await workspace.stat(input.to);
      if (existing) throw new ToolError('definite', 'fileExists', `${action}: ${input.to} already exists (a ${existing.type})`);
      await workspace.rename(input.from, input.to);
      return { text: `Renamed ${input.from} to ${input.to}`, details: { from: input.from, to: input.to } };
    });
  },
});
