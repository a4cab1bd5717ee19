// readFile: returns a workspace file's text. Changes nothing. A binary file gives its size and digest,
// never its bytes, so neither the journal nor a prompt fills with escaped binary.
import { z } from 'zod';
import { BinaryFileError, formatBytes } from '../errors';
import { countLines } from '../text/textLines';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool } from './defineTool';
import { guarded, refuseTooLarge, requireFile } from './toolFailure';

/** The arguments of readFile: the file to read. */
export const ReadFileInputSchema = z.object({ path: WorkspacePathSchema }).strict();

/** Reads one regular file up to `limits.maxReadBytes`; the output text is its whole content. */
export const readFileTool = defineTool({
  name: 'readFile',
  description: 'Read a text file of the workspace; the output is its content.',
  input: ReadFileInputSchema,
  effect: () => 'readOnly',
  writes: () => [],
  needs: (input) => [input.path],
  settleMethod: () => 'none',
  execute: (input, { workspace, limits, signal }) => {
    const action = `readFile ${input.path}`;
    return guarded(action, signal, async () => {
      const stat = await requireFile(workspace, input.path, action);
      refuseTooLarge(stat, input.path, limits.maxReadBytes, action);
      try {
        const content = await workspace.readFile(input.path, { maxBytes: limits.maxReadBytes });
        return { text: content, details: { path: input.path, bytes: stat.size, lines: countLines(content) } };
      } catch (error) {
        if (!(error instanceof BinaryFileError)) throw error;
        const text = `(${input.path} is a binary file: ${formatBytes(error.size)}, sha256 ${error.sha256}; its content is not shown)`;
        return { text, details: { path: input.path, binary: true, bytes: error.size, sha256: error.sha256 } };
      }
    });
  },
});
