// deleteFile: removes a file. Once gone it stays gone, so repeating is safe.
import { z } from 'zod';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool } from './defineTool';
import { previewChange } from './fileSnapshots';
import { guarded, requireFile } from './toolFailure';

/** The arguments of deleteFile: the file to remove. */
export const DeleteFileInputSchema = z.object({ path: WorkspacePathSchema }).strict();

/** Deletes one file (a missing file is a definite failure); settled by checking it is absent. */
export const deleteFileTool = defineTool({
  name: 'deleteFile',
  description: 'Delete a workspace file.',
  input: DeleteFileInputSchema,
  effect: () => 'idempotent',
  writes: (input) => [input.path],
  needs: (input) => [input.path],
  settleMethod: () => 'statusRead',
  statusRead: async (input, { workspace }) => {
    try {
      return (await workspace.stat(input.path)) === undefined ? 'done' : 'notDone';
    } catch {
      return 'cannotTell';
    }
  },
  preview: async (input, workspace) => ({ kind: 'fileChanges', changes: [await previewChange(workspace, input.path, () => null)] }),
  execute: (input, { workspace, signal }) =>
    guarded(`deleteFile ${input.path}`, signal, async () => {
      const stat = await requireFile(workspace, input.path, `deleteFile ${input.path}`);
      await workspace.deleteFile(input.path);
      return { text: `Deleted ${input.path}`, details: { path: input.path, bytes: stat.size } };
    }),
});
