// proposeEdit: the worker model writes find/replace edits for one file, applied as editFile applies them.
import { z } from 'zod';
import { FileChangedError, ToolError } from '../errors';
import { countLines } from '../text/textLines';
import { WorkspacePathSchema } from '../workspacePath';
import { applyEdits } from './applyEdits';
import { defineTool } from './defineTool';
import { snapshotOf } from './fileSnapshots';
import { readOrNull } from '../readOrNull';
import { buildProposeEditMessages, parseProposedEdits, proposedEditsJsonSchema } from './proposeEditPrompt';
import { AllowReadOnlySchema, guarded, refuseReadOnly, refuseTooLarge, requireFile } from './toolFailure';

/** The arguments of proposeEdit: the file to change and what to change in it. */
export const ProposeEditInputSchema = z.object({ path: WorkspacePathSchema, instruction: z.string().min(1), allowReadOnly: AllowReadOnlySchema }).strict();

/**
 * Asks the worker for edits, validates them, applies them in memory and writes once. The edits are
 * not known before the call, so a status read can only tell "untouched" (notDone) from "changed".
 */
export const proposeEditTool = defineTool({
  name: 'proposeEdit',
  callsModel: true,
  description: 'Have the worker model change one workspace file according to an instruction.',
  input: ProposeEditInputSchema,
  effect: () => 'nonIdempotent',
  writes: (input) => [input.path],
  needs: (input) => [input.path],
  settleMethod: () => 'statusRead',
  statusRead: async (input, { workspace }, before) => {
    const snapshot = snapshotOf(before, input.path);
    if (!snapshot) return 'cannotTell';
    try {
      return (await readOrNull(workspace, input.path)) === snapshot.content ? 'notDone' : 'cannotTell';
    } catch {
      return 'cannotTell';
    }
  },
  preview: async (input) => ({ kind: 'modelEdit', path: input.path, instruction: input.instruction }),
  execute: (input, { workspace, model, limits, signal }) => {
    const action = `proposeEdit ${input.path}`;
    return guarded(action, signal, async () => {
      if (!model) throw new ToolError('definite', 'noModel', `${action}: no worker model is configured`);
      const stat = await requireFile(workspace, input.path, action);
      refuseReadOnly(stat, input.path, input.allowReadOnly, action);
      refuseTooLarge(stat, input.path, limits.maxReadBytes, action);
      const content = await workspace.readFile(input.path, { maxBytes: limits.maxReadBytes });
      const response = await model.chat(
        {
          role: 'worker',
          messages: buildProposeEditMessages(input.path, content, input.instruction),
          responseFormat: { type: 'json', name: 'proposed_edits', schema: proposedEditsJsonSchema() },
        },
        signal,
      );
      const reply = parseProposedEdits(response.content);
      if (!reply.ok) throw new ToolError('definite', 'badReply', `${action}: ${reply.problem}`, response.content);
      const result = applyEdits(content, reply.edits);
      if (!result.ok) throw new ToolError('definite', 'badEdits', `${action}: the model's ${result.problem}`, response.content);
      // The model's edits were made against `content`: written only over exactly that text.
      await workspace.writeFileIfUnchanged(input.path, content, result.content).catch((error: unknown) => {
        if (error instanceof FileChangedError) throw new ToolError('definite', 'fileChanged', `${action}: the file changed while the model was answering; nothing written`);
        throw error;
      });
      return {
        text: `Applied ${reply.edits.length} proposed edit(s) to ${input.path}`,
        details: {
          path: input.path,
          edits: reply.edits,
          linesBefore: countLines(content),
          linesAfter: countLines(result.content),
          model: response.model,
          usage: response.usage,
          latencyMs: response.latencyMs,
        },
      };
    });
  },
});
