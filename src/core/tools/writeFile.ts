// writeFile: replaces or creates a file with the given content. Repeating it leaves the same state.
import { z } from 'zod';
import { countLines } from '../text/textLines';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool } from './defineTool';
import { previewChange } from './fileSnapshots';
import { readOrNull } from '../readOrNull';
import { AllowReadOnlySchema, guarded, refuseNonFile, refuseReadOnly } from './toolFailure';

/** The arguments of writeFile: the file, its complete new content, and whether a read-only file may be replaced. */
export const WriteFileInputSchema = z.object({ path: WorkspacePathSchema, content: z.string(), allowReadOnly: AllowReadOnlySchema }).strict();

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
  execute: (input, { workspace, signal }) =>
    guarded(`writeFile ${input.path}`, signal, async () => {
      const stat = await refuseNonFile(workspace, input.path, `writeFile ${input.path}`);
      refuseReadOnly(stat, input.path, input.allowReadOnly, `writeFile ${input.path}`);
      const existed = stat !== undefined;
      await workspace.writeFile(input.path, input.content);
      const lines = countLines(input.content);
      return {
        text: `${existed ? 'Replaced' : 'Created'} ${input.path} (${lines} lines)`,
        details: { path: input.path, created: !existed, lines, characters: input.content.length },
      };
    }),
});
