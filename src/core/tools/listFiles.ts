// listFiles: lists workspace files matching a glob, .gitignore respected. Changes nothing.
import { z } from 'zod';
import { defineTool } from './defineTool';

export const ListFilesInputSchema = z.object({ glob: z.string().min(1) }).strict();

export const listFilesTool = defineTool({
  name: 'listFiles',
  description: 'List workspace files matching a glob (e.g. "src/**/*.ts"); files ignored by .gitignore are left out.',
  input: ListFilesInputSchema,
  effect: () => 'readOnly',
  writes: () => [],
  settleMethod: () => 'none',
  execute: async () => { throw new Error('unimplemented'); },
});
