// editFile: exact find/replace edits in one file; each `find` must match exactly once, or, for an edit
// with `replaceAll` (an exact rename), at least once, and every match changes.
import { z } from 'zod';
import { countLines } from '../text/textLines';
import { quote } from '../text/quote';
import { WorkspacePathSchema } from '../workspacePath';
import { applyEdits, looksEdited, type TextEdit } from './applyEdits';
import { defineTool, type SettleOutcome } from './defineTool';
import { snapshotOf } from './fileSnapshots';
import { writeOverSeen } from './seenWrite';
import { readOrNull } from '../readOrNull';
import { AllowReadOnlySchema, guarded, refuseReadOnly, refuseTooLarge, requireFile } from './toolFailure';

/** One exact find/replace; `find` must occur exactly once when the edit applies. */
export const EditSchema = z.object({ find: z.string().min(1), replace: z.string() }).strict();
/** An editFile edit: exact, or with `replaceAll` every occurrence of `find` (at least one) replaced. */
export const FileEditSchema = EditSchema.extend({ replaceAll: z.boolean().optional() }).strict();
/** The arguments of editFile: the file, its edits (applied in order), and whether a read-only file may change. */
export const EditFileInputSchema = z.object({ path: WorkspacePathSchema, edits: z.array(FileEditSchema).min(1), allowReadOnly: AllowReadOnlySchema }).strict();

/**
 * Whether `edits` landed, from the file's text now and (when known) before the call: the expected
 * result → done; untouched → notDone; otherwise every replacement present and every `find` gone → done.
 */
export function editOutcome(before: string | null | undefined, current: string | null, edits: readonly TextEdit[]): SettleOutcome {
  if (current === null) return 'cannotTell';
  if (typeof before === 'string') {
    const expected = applyEdits(before, edits);
    if (expected.ok && expected.content === current) return 'done';
    if (current === before) return 'notDone';
  }
  return looksEdited(current, edits) ? 'done' : 'cannotTell';
}

/** Why edit `index` of `edits` cannot apply, in a preview's words: "find text "x" not found" or "occurs 2 times". */
export function editProblem(edits: readonly TextEdit[], index: number, matches: number): string {
  const which = edits.length > 1 ? `edit ${index + 1} of ${edits.length}: ` : '';
  const find = quote(edits[index]?.find ?? '');
  return `${which}find text ${find} ${matches === 0 ? 'not found' : `occurs ${matches} times`}`;
}

/**
 * Applies every edit in memory, then writes the file once, atomically, over exactly the text it read;
 * nothing is written if one edit fails. A file changed meanwhile is read again and the edits re-applied.
 */
export const editFileTool = defineTool({
  name: 'editFile',
  description: 'Apply exact find/replace edits to one workspace file; every "find" must occur exactly once, unless its edit sets "replaceAll": true to replace every occurrence (a rename).',
  input: EditFileInputSchema,
  effect: () => 'nonIdempotent',
  writes: (input) => [input.path],
  needs: (input) => [input.path],
  settleMethod: () => 'statusRead',
  statusRead: async (input, { workspace }, before) => {
    try {
      return editOutcome(snapshotOf(before, input.path)?.content, await readOrNull(workspace, input.path), input.edits);
    } catch {
      return 'cannotTell';
    }
  },
  preview: async (input, workspace) => {
    const before = await readOrNull(workspace, input.path);
    if (before === null) return { kind: 'fileChanges', changes: [{ path: input.path, before, after: null, problem: `${input.path} does not exist` }] };
    const result = applyEdits(before, input.edits);
    const change = result.ok
      ? { path: input.path, before, after: result.content }
      : { path: input.path, before, after: before, problem: `${editProblem(input.edits, result.editIndex, result.matches)} in ${input.path}` };
    return { kind: 'fileChanges', changes: [change] };
  },
  execute: (input, { workspace, limits, signal, stepId }) => {
    const action = `editFile ${input.path}`;
    return guarded(action, signal, async () => {
      const stat = await requireFile(workspace, input.path, action);
      refuseReadOnly(stat, input.path, input.allowReadOnly, action);
      refuseTooLarge(stat, input.path, limits.maxReadBytes, action);
      const options = { path: input.path, stepId, action, maxBytes: limits.maxReadBytes, reapply: true };
      const { before, after } = await writeOverSeen(workspace, options, (content) => {
        if (content === null) return { problem: `no file at ${input.path}`, reason: 'fileNotFound' };
        const result = applyEdits(content, input.edits);
        return result.ok ? { content: result.content } : { problem: result.problem, reason: 'findNotUnique' };
      });
      const details = { path: input.path, edits: input.edits.length, linesBefore: countLines(before ?? ''), linesAfter: countLines(after) };
      if (after === before) return { text: `${input.path} already had this content; nothing written`, details };
      return { text: `Applied ${input.edits.length} edit(s) to ${input.path}`, details };
    });
  },
});
