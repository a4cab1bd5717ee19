// deleteFile: removes a file. Once gone it stays gone, so repeating is safe.
import { z } from 'zod';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool } from './defineTool';

export const DeleteFileInputSchema = z.object({ path: WorkspacePathSchema }).strict();

export const deleteFileTool = defineTool({
  name: 'deleteFile',
  description: 'Delete a workspace file.',
  input: DeleteFileInputSchema,
  effect: () => 'idempotent',
  writes: (input) => [input.path],
  settleMethod: () => 'statusRead',
  execute: async () => { throw new Error('unimplemented'); },
});
