// The JSON Schema of plan files, generated from the zod schemas (never written by hand) and shipped as
// `schemas/plan.schema.json` for `contributes.jsonValidation`. On top of the generic step shape it says,
// per tool name, what `args` holds (from the tool's own input schema), so editors complete arguments.
import { z } from 'zod';
import { TOOL_NAMES, TOOLS } from '../tools/toolCatalog';
import { WorkspacePathSchema } from '../workspacePath';
import { CompensationSchema, PlanSchema, StepSchema } from './planSchema';

/** Where the generated schema is committed, relative to the repository root. */
export const PLAN_SCHEMA_PATH = 'schemas/plan.schema.json';
/** Where the schema of one step is committed: the editor's "Edit Step…" documents (`*.planwright-step.json`) use it. */
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
    properties.tool = { ...properties.tool, enum: [...TOOL_NAMES] };
    delete properties.tool.minLength;
    jsonSchema.allOf = TOOLS.map((tool) => ({
      if: { properties: { tool: { const: tool.name } }, required: ['tool'] },
      then: { properties: { args: { ...toolArgsJsonSchema(tool.input), description: tool.description } } },
    }));
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

/** The JSON Schema of one step, as in a plan (tool names and arguments per tool included). */
export function stepJsonSchema(): JsonSchema {
  const schema = z.toJSONSchema(StepSchema, { target: 'draft-07', io: 'input', override }) as JsonSchema;
  return { ...schema, title: 'Planwright plan step', description: 'One step of a plan: one tool call with its arguments and the checks that say whether it did its job.' };
}

/** The exact text of `schemas/step.schema.json`. */
export function stepJsonSchemaText(): string {
  return `${JSON.stringify(stepJsonSchema(), null, 2)}\n`;
}
