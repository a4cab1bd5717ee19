// An MCP tool's JSON Schema as the zod input schema every plan tool has, so the validation gate, the
// executor and the editor check MCP arguments exactly as they check built-in ones. The checking is ajv's
// (draft-07, or 2020-12 when the schema says so); each ajv error becomes an issue at the failing field.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import { z } from 'zod';

/** A JSON Schema that ajv could not compile. */
export class McpSchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpSchemaError';
  }
}

const DRAFT_2020 = /json-schema\.org\/draft\/2020-12/;

// Servers write schemas for many validators: unknown keywords and formats are ignored, not refused.
const OPTIONS = { allErrors: true, strict: false, validateFormats: false } as const;
let draft07: Ajv | undefined;
let draft2020: Ajv2020 | undefined;

function compile(schema: Readonly<Record<string, unknown>>): ValidateFunction {
  const is2020 = typeof schema.$schema === 'string' && DRAFT_2020.test(schema.$schema);
  const ajv = is2020 ? (draft2020 ??= new Ajv2020(OPTIONS)) : (draft07 ??= new Ajv(OPTIONS));
  try {
    return ajv.compile(schema);
  } catch (error) {
    throw new McpSchemaError(`the input schema does not compile: ${(error as Error).message}`);
  }
}

/** The path segments of an ajv error, ending at the field it is about (a missing or unknown one included). */
function issuePath(error: ErrorObject): (string | number)[] {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') return [...segments, params.missingProperty];
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') return [...segments, params.additionalProperty];
  return segments;
}

function issueMessage(error: ErrorObject): string {
  if (error.keyword === 'required') return 'Required';
  if (error.keyword === 'additionalProperties') return 'unknown field';
  return error.message ?? `fails the schema's "${error.keyword}" rule`;
}

/** The zod schema that accepts exactly the argument objects `jsonSchema` accepts; throws `McpSchemaError`. */
export function argsSchemaFromJsonSchema(jsonSchema: Readonly<Record<string, unknown>>): z.ZodType<Record<string, unknown>> {
  const validate = compile(jsonSchema);
  return z.record(z.string(), z.unknown()).superRefine((args, ctx) => {
    if (validate(args)) return;
    for (const error of validate.errors ?? []) ctx.addIssue({ code: 'custom', path: issuePath(error), message: issueMessage(error) });
  });
}
