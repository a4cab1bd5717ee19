// appendFile: appends text to a file. Repeating it appends twice, so it is not idempotent.
import { z } from 'zod';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool } from './defineTool';

export const AppendFileInputSchema = z.object({ path: WorkspacePathSchema, content: z.string().min(1) }).strict();

export const appendFileTool = defineTool({
  name: 'appendFile',
  description: 'Append text to a workspace file, creating it when missing.',
  input: AppendFileInputSchema,
  effect: () => 'nonIdempotent',
  writes: (input) => [input.path],
  settleMethod: () => 'statusRead',
  execute: async () => { throw new Error('unimplemented'); },
});
