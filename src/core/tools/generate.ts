// generate: asks the worker model for text (a summary, a draft). Changes nothing; safe to repeat.
import { z } from 'zod';
import { defineTool } from './defineTool';

export const GenerateInputSchema = z.object({ instruction: z.string().min(1) }).strict();

export const generateTool = defineTool({
  name: 'generate',
  description: 'Ask the worker model for text (a summary, a draft); the output is its answer.',
  input: GenerateInputSchema,
  effect: () => 'readOnly',
  writes: () => [],
  settleMethod: () => 'none',
  execute: async () => { throw new Error('unimplemented'); },
});
