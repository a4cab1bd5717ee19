// listFiles: lists workspace files matching a glob, .gitignore respected. Changes nothing.
import { z } from 'zod';
import { defineTool } from './defineTool';
import { guarded } from './toolFailure';

/** The arguments of listFiles: a glob relative to the workspace root. */
export const ListFilesInputSchema = z.object({ glob: z.string().min(1) }).strict();

/** Lists matching files, one per line, sorted; at most `limits.maxListedFiles`, with a note when cut. */
export const listFilesTool = defineTool({
  name: 'listFiles',
  description: 'List workspace files matching a glob (e.g. "src/**/*.ts"); files ignored by .gitignore are left out.',
  input: ListFilesInputSchema,
  effect: () => 'readOnly',
  writes: () => [],
  settleMethod: () => 'none',
  execute: (input, { workspace, limits, signal }) =>
    guarded(`listFiles ${input.glob}`, signal, async () => {
      const limit = limits.maxListedFiles;
      const found = await workspace.findFiles(input.glob, { limit: limit + 1 });
      const truncated = found.length > limit;
      const files = found.slice(0, limit);
      const note = truncated ? `\n[planwright: more than ${limit} files match; narrow the glob]` : '';
      return { text: files.join('\n') + note, details: { glob: input.glob, count: files.length, truncated } };
    }),
});
