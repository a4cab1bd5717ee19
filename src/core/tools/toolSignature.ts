// A tool's arguments as a short signature generated from its zod input — `{path, edits:[{find, replace}]}`,
// `{command, cwd?, timeoutMs?}` — so a prompt names every argument without the bulk of a JSON Schema.
import { z } from 'zod';
import type { ToolDefinition } from './defineTool';

type JsonSchema = { readonly type?: unknown; readonly properties?: Record<string, JsonSchema>; readonly required?: readonly string[]; readonly items?: JsonSchema };

function shapeOf(schema: JsonSchema): string {
  if (schema.type === 'object' && schema.properties) {
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties).map(([name, field]) => `${name}${required.has(name) ? '' : '?'}${nested(field)}`);
    return `{${fields.join(', ')}}`;
  }
  return '';
}

function nested(field: JsonSchema): string {
  if (field.type === 'object') return `:${shapeOf(field)}`;
  if (field.type === 'array' && field.items?.type === 'object') return `:[${shapeOf(field.items)}]`;
  return '';
}

/** The argument signature of `tool`; `?` marks an optional argument. */
export function toolSignature(tool: ToolDefinition<any>): string {
  return shapeOf(z.toJSONSchema(tool.input, { io: 'input' }) as JsonSchema);
}
