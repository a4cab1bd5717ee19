// The pure half of proposeEdit: the prompt that asks the worker model for find/replace edits to one
// file, and the parser that turns its reply into validated edits or says what was wrong with it.
import { z } from 'zod';
import type { ChatMessage } from '../ports';
import { shorten } from '../text/shorten';
import type { TextEdit } from './applyEdits';
import { EditSchema } from './editFile';

/** The reply proposeEdit asks for. */
export const ProposedEditsSchema = z.object({ edits: z.array(EditSchema).min(1) }).strict();

let builtJsonSchema: Record<string, unknown> | undefined;

/**
 * The JSON Schema sent with the request, for endpoints that enforce structured output. Built on first
 * use, not when the tool catalogue loads: commands that never call proposeEdit (validate) skip the work.
 */
export function proposedEditsJsonSchema(): Record<string, unknown> {
  builtJsonSchema ??= z.toJSONSchema(ProposedEditsSchema);
  return builtJsonSchema;
}

/** The conversation asking for edits to `path` (whose text is `content`) that carry out `instruction`. */
export function buildProposeEditMessages(path: string, content: string, instruction: string): ChatMessage[] {
  const system = [
    'You edit one file of a code base by exact find/replace.',
    'Reply with JSON only: {"edits": [{"find": "...", "replace": "..."}]}.',
    'Each "find" is copied exactly from the file, including whitespace, and occurs exactly once in it at the time its edit applies.',
    'Edits apply in order. Include enough surrounding text in "find" to make it unique. Change nothing the instruction does not ask for.',
  ].join('\n');
  const user = `Instruction: ${instruction}\n\nFile: ${path}\n<<<FILE\n${content}\nFILE>>>`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** The edits in a model reply, or what is wrong with the reply. Tolerates a ```json fence around it. */
export function parseProposedEdits(reply: string): { ok: true; edits: TextEdit[] } | { ok: false; problem: string } {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(reply);
  const body = (fenced ? fenced[1]! : reply).trim();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { ok: false, problem: `the reply is not JSON (${(error as Error).message}): ${JSON.stringify(shorten(body, 120))}` };
  }
  const parsed = ProposedEditsSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, problem: `the reply does not have the shape {"edits": [{"find", "replace"}]}: ${issues.join('; ')}` };
  }
  return { ok: true, edits: parsed.data.edits };
}
