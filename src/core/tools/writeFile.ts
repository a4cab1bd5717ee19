// writeFile: replaces or creates a file with the given content. Repeating it leaves the same state.
import { z } from 'zod';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool } from './defineTool';

export const WriteFileInputSchema = z.object({ path: WorkspacePathSchema, content: z.string() }).strict();

export const writeFileTool = defineTool({
  name: 'writeFile',
  description: 'Create or replace a workspace file with the given content.',
  input: WriteFileInputSchema,
  effect: () => 'idempotent',
  writes: (input) => [input.path],
  settleMethod: () => 'statusRead',
  execute: async () => { throw new Error('unimplemented'); },
});
