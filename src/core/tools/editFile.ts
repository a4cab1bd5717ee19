// editFile: exact find/replace edits in one file; each `find` must match exactly once.
import { z } from 'zod';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool } from './defineTool';

export const EditSchema = z.object({ find: z.string().min(1), replace: z.string() }).strict();
export const EditFileInputSchema = z.object({ path: WorkspacePathSchema, edits: z.array(EditSchema).min(1) }).strict();

export const editFileTool = defineTool({
  name: 'editFile',
  description: 'Apply exact find/replace edits to one workspace file; every "find" must occur exactly once.',
  input: EditFileInputSchema,
  effect: () => 'nonIdempotent',
  writes: (input) => [input.path],
  settleMethod: () => 'statusRead',
  execute: async () => { throw new Error('unimplemented'); },
});
