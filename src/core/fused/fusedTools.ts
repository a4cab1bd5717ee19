// The fused agent's tools: the catalogue's tools as native function specs (JSON Schema generated from
// each tool's zod input), `runCommand` with the flag and exit code a plan step would carry, and in `auto`
// mode `make_plan`. Parsing a call the model made is pure: a tool with valid input, make_plan, or a
// problem to tell the model.
import { z } from 'zod';
import { findDeepNesting } from '../plan/jsonNesting';
import { PLAN_LIMITS, screenValue, TOO_DEEP } from '../planLimits';
import { formatPath } from '../plan/planProblem';
import type { ChatToolCall, ChatToolSpec } from '../ports';
import { quote } from '../text/quote';
import type { ToolDefinition } from '../tools/defineTool';
import { runCommandTool } from '../tools/runCommand';
import { TOOLS, findTool } from '../tools/toolCatalog';
import type { FusedMode } from '../run/runMode';

/** The tool that hands the task to the planner (auto mode only). */
export const MAKE_PLAN_TOOL = 'make_plan';

/** The arguments of make_plan. */
export const MakePlanInputSchema = z.object({ reason: z.string().min(1).describe('Why this task should be planned first.') }).strict();

/** What the fused agent may add to a runCommand call, as a plan step says it with its flag and postcondition. */
const CommandFlagsSchema = z.object({
  idempotent: z.boolean().optional().describe('true when repeating this command is safe (tests, builds, reads); enables retries'),
  expectExitCode: z.number().int().optional().describe('the exit code that means the command did what you wanted (default 0), e.g. 1 when reproducing a failing test'),
});

/** A call the model made, parsed. */
export type ParsedCall =
  | {
      readonly kind: 'tool';
      readonly call: ChatToolCall;
      readonly tool: ToolDefinition<unknown>;
      readonly args: Record<string, unknown>;
      readonly idempotent: boolean;
      readonly expectExitCode?: number;
    }
  | { readonly kind: 'makePlan'; readonly call: ChatToolCall; readonly reason: string }
  | { readonly kind: 'invalid'; readonly call: ChatToolCall; readonly problem: string };

/** What the agent sees of a tool: the input schema, widened with the command flag for runCommand. */
function inputSchemaOf(tool: ToolDefinition<any>): z.ZodType {
  return tool === runCommandTool ? (tool.input as unknown as z.ZodObject).extend(CommandFlagsSchema.shape) : tool.input;
}

function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _header, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return rest;
}

/** The effect class of a tool, in words, for its description. */
function effectNote(tool: ToolDefinition<any>): string {
  const plain = tool.effect({}, {});
  const flagged = tool.effect({}, { idempotent: true });
  return plain === flagged ? `Effect: ${plain}.` : `Effect: ${plain}; ${flagged} with "idempotent": true.`;
}

let specs: Record<FusedMode, readonly ChatToolSpec[]> | undefined;

/** The tool specs sent with every fused turn; computed once, identical on every turn so prompt caches hit. */
export function fusedToolSpecs(mode: FusedMode): readonly ChatToolSpec[] {
  if (!specs) {
    const tools = TOOLS.map((tool) => ({ name: tool.name, description: `${tool.description} ${effectNote(tool)}`, parameters: jsonSchemaOf(inputSchemaOf(tool)) }));
    const makePlan = { name: MAKE_PLAN_TOOL, description: 'Stop acting and have the planner write a plan for the rest of the task (see the rule in the instructions).', parameters: jsonSchemaOf(MakePlanInputSchema) };
    specs = { fused: tools, auto: [...tools, makePlan] };
  }
  return specs[mode];
}

const issuesText = (error: z.ZodError): string => error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');

/** Parses one call: unknown tools, arguments that are not JSON, or fail the schema, are problems. */
export function parseToolCall(call: ChatToolCall, mode: FusedMode): ParsedCall {
  const deep = findDeepNesting(call.arguments, PLAN_LIMITS.depth);
  if (deep) return { kind: 'invalid', call, problem: `${formatPath('arguments', deep.path.slice(0, 1))}: ${TOO_DEEP}` };
  let raw: unknown;
  try {
    raw = call.arguments.trim().length === 0 ? {} : JSON.parse(call.arguments);
  } catch (error) {
    return { kind: 'invalid', call, problem: `the arguments are not valid JSON (${(error as Error).message})` };
  }
  // Before any schema walks them: too deep a value, or a `__proto__` key, is a problem to tell the model.
  const [screened] = screenValue(raw);
  if (screened) return { kind: 'invalid', call, problem: `${formatPath('arguments', screened.path)}: ${screened.message}` };
  if (call.name === MAKE_PLAN_TOOL && mode === 'auto') {
    const parsed = MakePlanInputSchema.safeParse(raw);
    return parsed.success ? { kind: 'makePlan', call, reason: parsed.data.reason } : { kind: 'invalid', call, problem: issuesText(parsed.error) };
  }
  const tool = findTool(call.name);
  if (!tool) return { kind: 'invalid', call, problem: `there is no tool ${quote(call.name, 80)}` };
  const parsed = inputSchemaOf(tool).safeParse(raw);
  if (!parsed.success) return { kind: 'invalid', call, problem: issuesText(parsed.error) };
  const { idempotent, expectExitCode, ...args } = parsed.data as Record<string, unknown>;
  return { kind: 'tool', call, tool, args, idempotent: idempotent === true, ...(typeof expectExitCode === 'number' ? { expectExitCode } : {}) };
}
