// readFile: returns a workspace file's text. Changes nothing.
import { z } from 'zod';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool } from './defineTool';

export const ReadFileInputSchema = z.object({ path: WorkspacePathSchema }).strict();

export const readFileTool = defineTool({
  name: 'readFile',
  description: 'Read a text file of the workspace; the output is its content.',
  input: ReadFileInputSchema,
  effect: () => 'readOnly',
  writes: () => [],
  settleMethod: () => 'none',
  execute: async () => { throw new Error('unimplemented'); },
});
