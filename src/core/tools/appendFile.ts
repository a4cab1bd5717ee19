// appendFile: appends text to a file. Repeating it appends twice, so it is not idempotent.
import { z } from 'zod';
import { countLines } from '../text/textLines';
import { WorkspacePathSchema } from '../workspacePath';
import { defineTool, type SettleOutcome } from './defineTool';
import { previewChange, snapshotOf } from './fileSnapshots';
import { readOrNull } from '../readOrNull';
import { AllowReadOnlySchema, guarded, refuseNonFile, refuseReadOnly } from './toolFailure';

/** The arguments of appendFile: the file, the text to add at its end, and whether a read-only file may grow. */
export const AppendFileInputSchema = z.object({ path: WorkspacePathSchema, content: z.string().min(1), allowReadOnly: AllowReadOnlySchema }).strict();

/** What a file's text says about an append, given its text before the call (null: it did not exist; undefined: not kept). */
export function appendOutcome(before: string | null | undefined, current: string | null, content: string): SettleOutcome {
  if (before === undefined) return 'cannotTell';
  if (current === before) return 'notDone';
  if (current !== null && current === (before ?? '') + content) return 'done';
  return 'cannotTell';
}

/** Appends to a file (created when missing); settled by comparing with the snapshot taken before. */
export const appendFileTool = defineTool({
  name: 'appendFile',
  description: 'Append text to a workspace file, creating it when missing.',
  input: AppendFileInputSchema,
  effect: () => 'nonIdempotent',
  writes: (input) => [input.path],
  settleMethod: () => 'statusRead',
  statusRead: async (input, { workspace }, before) => {
    const snapshot = snapshotOf(before, input.path);
    if (!snapshot) return 'cannotTell';
    try {
      return appendOutcome(snapshot.content, await readOrNull(workspace, input.path), input.content);
    } catch {
      return 'cannotTell';
    }
  },
  preview: async (input, workspace) => ({
    kind: 'fileChanges',
    changes: [await previewChange(workspace, input.path, (before) => (before ?? '') + input.content)],
  }),
  execute: (input, { workspace, signal }) =>
    guarded(`appendFile ${input.path}`, signal, async () => {
      const stat = await refuseNonFile(workspace, input.path, `appendFile ${input.path}`);
      refuseReadOnly(stat, input.path, input.allowReadOnly, `appendFile ${input.path}`);
      await workspace.appendFile(input.path, input.content);
      const lines = countLines(input.content);
      return { text: `Appended ${lines} lines to ${input.path}`, details: { path: input.path, lines, characters: input.content.length } };
    }),
});
