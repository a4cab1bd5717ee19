// searchText: searches workspace files for a regular expression, with a bounded result. Changes nothing.
import { z } from 'zod';
import { defineTool } from './defineTool';

export const SearchTextInputSchema = z
  .object({
    pattern: z.string().min(1).superRefine((pattern, ctx) => {
      try {
        new RegExp(pattern);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `invalid regular expression: ${(error as Error).message}` });
      }
    }),
    glob: z.string().min(1).optional(),
  })
  .strict();

export const searchTextTool = defineTool({
  name: 'searchText',
  description: 'Search workspace files (optionally limited by a glob) for a JavaScript regular expression; the output lists path:line: text.',
  input: SearchTextInputSchema,
  effect: () => 'readOnly',
  writes: () => [],
  settleMethod: () => 'none',
  execute: async () => { throw new Error('unimplemented'); },
});
