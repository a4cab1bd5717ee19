// The fused agent's tools: the catalogue's tools as native function specs (JSON Schema generated from
// each tool's zod input, each with the step's title), `runCommand` with the flag and exit code a plan step would carry, the
// registered MCP tools (fusedMcpTools.ts), and in `auto` mode `make_plan`. Parsing a call the model made
// is pure: a tool with valid input, make_plan, or a problem to tell the model.
import { z } from 'zod';
import { findJsonShapeProblem, shapeMessage, shapeProblemPath } from '../plan/jsonShape';
import { PLAN_LIMITS, screenValue } from '../planLimits';
import { formatPath } from '../plan/planProblem';
import { SUBPLAN_TOOL } from '../plan/subplanScope';
import type { ChatToolCall, ChatToolSpec } from '../ports';
import { quote } from '../text/quote';
import type { ToolDefinition } from '../tools/defineTool';
import { runCommandTool } from '../tools/runCommand';
import { TOOLS, findTool, registeredTools } from '../tools/toolCatalog';
import { EXPECT_RESULT_TEXT, fusedMcpTools, needsExpectedText, type FusedMcpTools } from './fusedMcpTools';
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

/** What every built-in call may say besides its arguments: the title its step shows in the plan tree. */
const StepTitleSchema = z.object({
  // Said once in the system message's rules, not in every tool's schema: the specs go with every turn.
  title: z.string().optional(),
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
      /** The title the agent wrote for the call's step; absent: one is derived from the call. */
      readonly title?: string;
      /** For an MCP tool that is not read-only: what its result must contain. */
      readonly expectResultText?: string;
    }
  | { readonly kind: 'makePlan'; readonly call: ChatToolCall; readonly reason: string }
  | { readonly kind: 'invalid'; readonly call: ChatToolCall; readonly problem: string };

/**
 * What the agent sees of a tool: a built-in tool's input schema with the step's title, widened with the command flag
 * for runCommand; an MCP tool's schema as its server declared it.
 */
function inputSchemaOf(tool: ToolDefinition<any>): z.ZodType {
  if (!TOOLS.includes(tool)) return tool.input;
  const input = (tool.input as unknown as z.ZodObject).extend(StepTitleSchema.shape);
  return tool === runCommandTool ? input.extend(CommandFlagsSchema.shape) : input;
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

let builtIn: readonly ChatToolSpec[] | undefined;
let mcp: { readonly from: readonly ToolDefinition<any>[]; readonly tools: FusedMcpTools } | undefined;

/** The MCP part of the specs, rebuilt only when the registered tools changed. */
function mcpTools(): FusedMcpTools {
  const registered = registeredTools();
  if (!mcp || mcp.from.length !== registered.length || mcp.from.some((tool, index) => tool !== registered[index])) {
    mcp = { from: registered, tools: fusedMcpTools(registered, [...TOOLS.map((tool) => tool.name), MAKE_PLAN_TOOL]) };
  }
  return mcp.tools;
}

/** The tool specs sent with every fused turn; identical on every turn (while the MCP tools stay) so prompt caches hit. */
export function fusedToolSpecs(mode: FusedMode): readonly ChatToolSpec[] {
  // A sub-plan is a step of a plan; the fused agent acts one call at a time and has none to expand.
  builtIn ??= TOOLS.filter((tool) => tool.name !== SUBPLAN_TOOL).map((tool) => ({ name: tool.name, description: `${tool.description} ${effectNote(tool)}`, parameters: jsonSchemaOf(inputSchemaOf(tool)) }));
  const tools = [...builtIn, ...mcpTools().specs];
  if (mode === 'fused') return tools;
  return [...tools, { name: MAKE_PLAN_TOOL, description: 'Stop acting and have the planner write a plan for the rest of the task (see the rule in the instructions).', parameters: jsonSchemaOf(MakePlanInputSchema) }];
}

const issuesText = (error: z.ZodError): string => error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');

/** Parses one call: unknown tools, arguments that are not JSON, or fail the schema, are problems. */
export function parseToolCall(call: ChatToolCall, mode: FusedMode): ParsedCall {
  const shape = findJsonShapeProblem(call.arguments, PLAN_LIMITS.depth);
  if (shape) return { kind: 'invalid', call, problem: `${formatPath('arguments', shapeProblemPath(shape, 1))}: ${shapeMessage(shape)}` };
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
  const tool = mcpTools().byWireName.get(call.name) ?? findTool(call.name);
  if (!tool) return { kind: 'invalid', call, problem: `there is no tool ${quote(call.name, 80)}` };
  if (needsExpectedText(tool)) return parseMcpCall(call, tool, raw);
  const parsed = inputSchemaOf(tool).safeParse(raw);
  if (!parsed.success) return { kind: 'invalid', call, problem: issuesText(parsed.error) };
  const { idempotent, expectExitCode, title, ...args } = parsed.data as Record<string, unknown>;
  const written = typeof title === 'string' ? title.replace(/\s+/g, ' ').trim() : '';
  return { kind: 'tool', call, tool, args, idempotent: idempotent === true, ...(typeof expectExitCode === 'number' ? { expectExitCode } : {}), ...(written ? { title: written } : {}) };
}

/** A call of an MCP tool that is not read-only: `expectResultText` taken out of the arguments, and required. */
function parseMcpCall(call: ChatToolCall, tool: ToolDefinition<unknown>, raw: unknown): ParsedCall {
  const { [EXPECT_RESULT_TEXT]: expected, ...rest } = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (typeof expected !== 'string' || expected.length === 0) {
    return { kind: 'invalid', call, problem: `${EXPECT_RESULT_TEXT}: Required: the text the result must contain, since ${tool.name} is not read-only` };
  }
  const parsed = tool.input.safeParse(rest);
  if (!parsed.success) return { kind: 'invalid', call, problem: issuesText(parsed.error) };
  return { kind: 'tool', call, tool, args: parsed.data as Record<string, unknown>, idempotent: false, expectResultText: expected };
}
