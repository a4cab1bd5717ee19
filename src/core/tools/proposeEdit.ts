// proposeEdit: the worker model writes find/replace edits for one file, applied as editFile applies them.
import { z } from 'zod';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool } from './defineTool';

export const ProposeEditInputSchema = z.object({ path: WorkspacePathSchema, instruction: z.string().min(1) }).strict();

export const proposeEditTool = defineTool({
  name: 'proposeEdit',
  description: 'Have the worker model change one workspace file according to an instruction.',
  input: ProposeEditInputSchema,
  effect: () => 'nonIdempotent',
  writes: (input) => [input.path],
  settleMethod: () => 'none',
  execute: async () => { throw new Error('unimplemented'); },
});
