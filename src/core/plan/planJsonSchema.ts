// The JSON Schema of plan files, generated from the zod schemas (never written by hand) and shipped as
// `schemas/plan.schema.json` for `contributes.jsonValidation`. On top of the generic step shape it says,
// per tool name, what `args` holds (from the tool's own input schema), so editors complete arguments.
import { z } from 'zod';
import { TOOL_NAMES, TOOLS } from '../tools/toolCatalog';
import { WorkspacePathSchema } from '../workspacePath';
import { CompensationSchema, PlanSchema, StepSchema } from './planSchema';

/** Where the generated schema is committed, relative to the repository root. */
export const PLAN_SCHEMA_PATH = 'schemas/plan.schema.json';
/** Where the schema of one step is committed: the editor's "Edit Step…" documents (`planwright-step:/…json`) use it. */
export const STEP_SCHEMA_PATH = 'schemas/step.schema.json';

type JsonSchema = Record<string, unknown>;

/** Adds what zod cannot express: descriptions of paths, the tool names, and `args` per tool. */
function override(context: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const { zodSchema, jsonSchema } = context;
  if (zodSchema === WorkspacePathSchema) {
    jsonSchema.description = 'A path relative to the workspace root: no "..", "~", drive letter or leading "/".';
  } else if (zodSchema === PlanSchema) {
    jsonSchema.title = 'Planwright plan';
    jsonSchema.description = 'A plan: a goal and the steps that reach it, each one tool call with a checkable postcondition.';
  } else if (zodSchema === StepSchema || zodSchema === CompensationSchema) {
    const properties = jsonSchema.properties as Record<string, JsonSchema>;
    // The gate also takes the tools of configured MCP servers: an editor must not flag a name the gate accepts.
    properties.tool = { ...properties.tool, anyOf: [{ enum: [...TOOL_NAMES] }, { pattern: MCP_TOOL_PATTERN, description: 'A tool of an MCP server configured in mcp.json: mcp.<server>.<tool>.' }] };
    delete properties.tool.minLength;
    const isStep = zodSchema === StepSchema;
    jsonSchema.allOf = TOOLS.map((tool) => ({
      if: { properties: { tool: { const: tool.name } }, required: ['tool'] },
      then: {
        properties: { args: { ...toolArgsJsonSchema(tool.input), description: tool.description } },
        // The gate refuses a step that changes the workspace without a postcondition; the editor says so too.
        ...(isStep && changesWorkspace(tool) ? { required: ['postcondition'] } : {}),
      },
    }));
  }
}

/** An MCP tool's plan name, `mcp.<server>.<tool>`, as `parseMcpToolName` reads it. */
const MCP_TOOL_PATTERN = '^mcp\\.[A-Za-z0-9_-]{1,64}\\..+$';

/** Whether `tool` may change the workspace whatever its arguments, as the gate's postcondition rule judges it. */
function changesWorkspace(tool: (typeof TOOLS)[number]): boolean {
  try {
    return tool.effect({}, { idempotent: false, idempotencyKey: false, checksExitCode: false }) !== 'readOnly';
  } catch {
    return true;
  }
}

/** A tool's argument schema as JSON Schema, without the `$schema` header. */
function toolArgsJsonSchema(input: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(input, { target: 'draft-07', io: 'input', override }) as JsonSchema;
  return schema;
}

/** The JSON Schema (draft-07, which every editor's JSON support reads) of a plan file. */
export function planJsonSchema(): JsonSchema {
  return z.toJSONSchema(PlanSchema, { target: 'draft-07', io: 'input', override }) as JsonSchema;
}

/** The exact text of `schemas/plan.schema.json`: the schema with 2-space indent and a final newline. */
export function planJsonSchemaText(): string {
  return `${JSON.stringify(planJsonSchema(), null, 2)}\n`;
}

/** What a step document may write in place of a string argument: its lines (stepDocumentText.ts). */
const LINES: JsonSchema = { type: 'array', items: { type: 'string' }, description: 'The text as lines, joined with line breaks when the step is saved.' };

/** `schema` with every string it takes also taken as an array of lines. */
function withLines(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withLines);
  if (typeof schema !== 'object' || schema === null) return schema;
  const mapped = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withLines(value)]));
  return mapped.type === 'string' ? { anyOf: [mapped, LINES] } : mapped;
}

/** A call's schema (a step's, a compensation's) whose per-tool `args` take lines for strings. */
function argsWithLines(call: JsonSchema): JsonSchema {
  const allOf = (call.allOf as JsonSchema[]).map((rule) => {
    const then = rule.then as { properties: { args: JsonSchema } };
    return { ...rule, then: { ...then, properties: { ...then.properties, args: withLines(then.properties.args) } } };
  });
  return { ...call, allOf };
}

/**
 * The JSON Schema of one step as an "Edit Step…" document holds it: as in a plan (tool names and arguments per
 * tool included), except that a string argument may be written as its lines.
 */
export function stepJsonSchema(): JsonSchema {
  const schema = argsWithLines(z.toJSONSchema(StepSchema, { target: 'draft-07', io: 'input', override }) as JsonSchema);
  const properties = schema.properties as Record<string, JsonSchema>;
  return { ...schema, properties: { ...properties, compensation: argsWithLines(properties.compensation!) }, title: 'Planwright plan step', description: 'One step of a plan: one tool call with its arguments and the checks that say whether it did its job.' };
}

/** The exact text of `schemas/step.schema.json`. */
export function stepJsonSchemaText(): string {
  return `${JSON.stringify(stepJsonSchema(), null, 2)}\n`;
}
