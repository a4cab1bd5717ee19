// The system message that opens every planning and re-planning conversation: the planner's role, the
// tool catalogue generated from the tool definitions, and the plan-format rules. It depends on nothing
// that changes between calls, so planning and re-planning send an identical prefix and providers'
// prompt caches hit; everything that changes (goal, workspace, run state) goes after it.
import { z } from 'zod';
import { CheckSchema } from '../checks/checkSchema';
import type { ChatMessage } from '../ports';
import { StepSchema } from '../plan/planSchema';
import type { ToolDefinition } from '../tools/defineTool';
import { TOOLS } from '../tools/toolCatalog';

type JsonSchema = Record<string, unknown>;

/** A zod schema as compact JSON Schema text, without the `$schema` header. */
function schemaText(schema: z.ZodType): string {
  const { $schema: _header, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
  return JSON.stringify(rest);
}

/**
 * The effect class of a tool, in words. Only `runCommand`'s depends on the step's flags; the effect
 * functions read nothing of the input but those flags, so an empty input is enough to ask them.
 */
function effectText(tool: ToolDefinition<any>): string {
  const plain = tool.effect({}, {});
  const declared = tool.effect({}, { idempotent: true });
  return plain === declared ? plain : `${plain}; ${declared} when the step sets "idempotent": true or "idempotencyKey": true`;
}

/** One catalogue entry: name, what it does, its effect class and its argument schema. */
function toolEntry(tool: ToolDefinition<any>): string {
  return `### ${tool.name}\n${tool.description}\nEffect: ${effectText(tool)}.\nArguments: ${schemaText(tool.input)}`;
}

/** The step fields with their descriptions, generated from the step schema. */
function stepFieldLines(): string[] {
  const schema = z.toJSONSchema(StepSchema, { io: 'input' }) as { properties: Record<string, JsonSchema>; required?: string[] };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, field]) => `- ${name}${required.has(name) ? '' : ' (optional)'}: ${String(field.description ?? '')}`);
}

const ROLE = [
  'You are the planner of Planwright, a coding assistant that carries out a task as a plan of checkable steps.',
  'You never change anything yourself: you only write plans as JSON. An executor runs each step by calling one tool,',
  'checks its postcondition, runs independent steps in parallel, and asks you to re-plan the remaining steps when one fails.',
].join('\n');

const RULES = [
  '- Each step calls exactly one tool from the catalogue with arguments that match its schema.',
  '- Effect classes: readOnly changes nothing; idempotent is safe to repeat; nonIdempotent may not be repeated blindly.',
  '- Every step whose tool is not readOnly needs a postcondition: a check the executor evaluates after the tool ran. A step succeeds only if its postcondition holds.',
  '- A string argument may contain #<id> (for example "#E1"): it is replaced by the output text of that step just before the step runs, and makes the step wait for it.',
  '- dependsOn lists steps that must succeed first when no output is needed; steps with no path between them run at the same time.',
  '- "exitCode" and "outputContains" checks judge the step\'s own command, so they belong only in postconditions of runCommand steps.',
  '- "idempotent" and "idempotencyKey" are only for runCommand steps whose command is really safe to repeat.',
  '- Paths are relative to the workspace root, use "/", and never contain "..".',
  '- Use editFile when you know the exact text to find; use proposeEdit when the worker model must read the file to decide the edit.',
  '- Verify the outcome where the project allows it (run its tests or build), keep the plan short, and give steps ids E1, E2, ... in order.',
];

/** The text of the shared system message; computed once, since it never changes in a process. */
let prefixText: string | undefined;

/** The system message shared, byte for byte, by every planning and re-planning request. */
export function plannerSystemMessage(): ChatMessage {
  prefixText ??= [
    ROLE,
    '',
    '## Tools',
    ...TOOLS.map(toolEntry),
    '',
    '## Step format',
    'A step is a JSON object with these fields:',
    ...stepFieldLines(),
    '',
    `A check (precondition, postcondition, statusCheck) is one of: ${schemaText(CheckSchema)}`,
    '',
    '## Rules',
    ...RULES,
    '',
    'Reply with JSON only: no prose, no code fences.',
  ].join('\n');
  return { role: 'system', content: prefixText };
}
