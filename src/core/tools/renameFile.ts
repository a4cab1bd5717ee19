// renameFile: moves a file to a new path inside the workspace.
import { z } from 'zod';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool } from './defineTool';

export const RenameFileInputSchema = z.object({ from: WorkspacePathSchema, to: WorkspacePathSchema }).strict();

export const renameFileTool = defineTool({
  name: 'renameFile',
  description: 'Rename (move) a workspace file; the target must not exist.',
  input: RenameFileInputSchema,
  effect: () => 'nonIdempotent',
  writes: (input) => [input.from, input.to],
  settleMethod: () => 'statusRead',
  execute: async () => { throw new Error('unimplemented'); },
});
