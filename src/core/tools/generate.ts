// generate: asks the worker model for text (a summary, a draft). Changes nothing; safe to repeat.
import { z } from 'zod';
import { ToolError } from '../errors';
import type { ChatMessage } from '../ports';
import { defineTool } from './defineTool';
import { guarded } from './toolFailure';

/** The arguments of generate: what the worker model should write. */
export const GenerateInputSchema = z.object({ instruction: z.string().min(1) }).strict();

/** The conversation for one `generate` call. */
function buildGenerateMessages(instruction: string): ChatMessage[] {
  return [
    { role: 'system', content: 'You are the worker of a coding assistant. Do exactly what the instruction asks and reply with the result only, without preamble.' },
    { role: 'user', content: instruction },
  ];
}

/** One worker-model call; the output text is the model's reply. */
export const generateTool = defineTool({
  name: 'generate',
  callsModel: true,
  description: 'Ask the worker model for text (a summary, a draft); the output is its answer.',
  input: GenerateInputSchema,
  effect: () => 'readOnly',
  writes: () => [],
  settleMethod: () => 'none',
  execute: ({ instruction }, { model, signal }) =>
    guarded('generate', signal, async () => {
      if (!model) throw new ToolError('definite', 'noModel', 'generate: no worker model is configured');
      const response = await model.chat({ role: 'worker', messages: buildGenerateMessages(instruction) }, signal);
      if (response.content.trim().length === 0) throw new ToolError('definite', 'badReply', 'generate: the model replied with no text');
      return {
        text: response.content,
        details: { model: response.model, usage: response.usage, latencyMs: response.latencyMs },
      };
    }),
});
