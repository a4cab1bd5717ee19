// readFile: returns a workspace file's text. Changes nothing.
import { z } from 'zod';
import { countLines } from '../textPreview';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool } from './defineTool';
import { guarded, requireFile } from './toolFailure';

/** The arguments of readFile: the file to read. */
export const ReadFileInputSchema = z.object({ path: WorkspacePathSchema }).strict();

/** Reads one file; the output text is its whole content. */
export const readFileTool = defineTool({
  name: 'readFile',
  description: 'Read a text file of the workspace; the output is its content.',
  input: ReadFileInputSchema,
  effect: () => 'readOnly',
  writes: () => [],
  needs: (input) => [input.path],
  settleMethod: () => 'none',
  execute: (input, { workspace, signal }) =>
    guarded(`readFile ${input.path}`, signal, async () => {
      const stat = await requireFile(workspace, input.path, `readFile ${input.path}`);
      const content = await workspace.readFile(input.path);
      return { text: content, details: { path: input.path, bytes: stat.size, lines: countLines(content) } };
    }),
});
