// writeFile: replaces or creates a file with the given content. Repeating it leaves the same state.
import { z } from 'zod';
import { BinaryFileError, FileTooLargeError } from '../errors';
import type { Workspace } from '../ports';
import { countLines } from '../text/textLines';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool } from './defineTool';
import { previewChange } from './fileSnapshots';
import { writeOverSeen } from './seenWrite';
import { readOrNull } from '../readOrNull';
import { AllowReadOnlySchema, guarded, refuseNonFile, refuseReadOnly } from './toolFailure';

/** The arguments of writeFile: the file, its complete new content, and whether a read-only file may be replaced. */
export const WriteFileInputSchema = z.object({ path: WorkspacePathSchema, content: z.string(), allowReadOnly: AllowReadOnlySchema }).strict();

/**
 * Replaces `input.path` over the text read just before, so a change made meanwhile by someone else is a
 * conflict, never overwritten. A file that cannot be read as text (binary, over the read limit) is replaced
 * without that check, as before: there is no text to compare.
 */
async function replaceSeen(workspace: Workspace, input: z.infer<typeof WriteFileInputSchema>, step: { readonly stepId: string; readonly maxBytes: number }): Promise<void> {
  const options = { path: input.path, stepId: step.stepId, action: `writeFile ${input.path}`, maxBytes: step.maxBytes, reapply: false };
  try {
    await writeOverSeen(workspace, options, () => ({ content: input.content }));
  } catch (error) {
    if (!(error instanceof BinaryFileError || error instanceof FileTooLargeError)) throw error;
    await workspace.writeFile(input.path, input.content);
  }
}

/** Writes a whole file atomically; settled by reading it back (done when the content is equal). */
export const writeFileTool = defineTool({
  name: 'writeFile',
  description: 'Create or replace a workspace file with the given content.',
  input: WriteFileInputSchema,
  effect: () => 'idempotent',
  writes: (input) => [input.path],
  settleMethod: () => 'statusRead',
  statusRead: async (input, { workspace }) => {
    try {
      return (await readOrNull(workspace, input.path)) === input.content ? 'done' : 'notDone';
    } catch {
      return 'cannotTell';
    }
  },
  preview: async (input, workspace) => ({ kind: 'fileChanges', changes: [await previewChange(workspace, input.path, () => input.content)] }),
  execute: (input, { workspace, signal, stepId, limits }) =>
    guarded(`writeFile ${input.path}`, signal, async () => {
      const stat = await refuseNonFile(workspace, input.path, `writeFile ${input.path}`);
      refuseReadOnly(stat, input.path, input.allowReadOnly, `writeFile ${input.path}`);
      const existed = stat !== undefined;
      await replaceSeen(workspace, input, { stepId, maxBytes: limits.maxReadBytes });
      const lines = countLines(input.content);
      return {
        text: `${existed ? 'Replaced' : 'Created'} ${input.path} (${lines} lines)`,
        details: { path: input.path, created: !existed, lines, characters: input.content.length },
      };
    }),
});
