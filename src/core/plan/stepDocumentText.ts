// The text of a step document (one step as JSON, opened by Edit Step… or Add Step After…): a multi-line
// argument — a file's content, an edit's replace text — is written as an array of its lines, so it reads and
// edits as lines instead of one line of `\n`; reading the document joins them back, so a step round-trips
// byte for byte. Which strings are lines is the tool's argument schema's to say: only where it takes a string,
// so an argument that is a list of strings (a sub-plan's scope) stays a list, and a tool whose arguments are
// not known (an MCP server's) keeps its strings as they are.
import { z } from 'zod';
import { findTool } from '../tools/toolCatalog';
import type { Step } from './planSchema';

type JsonSchema = Readonly<Record<string, unknown>>;

const argumentSchemas = new Map<string, JsonSchema | undefined>();

/** The JSON Schema of `tool`'s arguments, or `undefined` for a tool with none known. */
function argumentSchema(tool: unknown): JsonSchema | undefined {
  if (typeof tool !== 'string') return undefined;
  if (!argumentSchemas.has(tool)) {
    const input = findTool(tool)?.input;
    let schema: JsonSchema | undefined;
    try {
      schema = input ? (z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;
    } catch {
      schema = undefined;
    }
    argumentSchemas.set(tool, schema);
  }
  return argumentSchemas.get(tool);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema of the value under `key` (a property name, or an array index) in a value of `schema`. */
function childSchema(schema: JsonSchema | undefined, key: string | number): JsonSchema | undefined {
  const child = typeof key === 'number' ? schema?.items : isRecord(schema?.properties) ? schema.properties[key] : undefined;
  return isRecord(child) ? child : undefined;
}

/** `value` with each multi-line string where `schema` takes a string turned into its lines (`map` says how). */
function mapStringSpots(value: unknown, schema: JsonSchema | undefined, map: (value: unknown) => unknown): unknown {
  if (schema?.type === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item, index) => mapStringSpots(item, childSchema(schema, index), map));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, mapStringSpots(child, childSchema(schema, key), map)]));
  return value;
}

const toLines = (value: unknown): unknown => (typeof value === 'string' && value.includes('\n') ? value.split('\n') : value);
const fromLines = (value: unknown): unknown => (Array.isArray(value) && value.every((line) => typeof line === 'string') ? value.join('\n') : value);

/** A call's `args` (and its compensation's) with `map` applied where the tool takes a string. */
function mapCall(call: unknown, map: (value: unknown) => unknown): unknown {
  if (!isRecord(call)) return call;
  const mapped: Record<string, unknown> = { ...call };
  if ('args' in call) mapped.args = mapStringSpots(call.args, argumentSchema(call.tool), map);
  if (isRecord(call.compensation)) mapped.compensation = mapCall(call.compensation, map);
  return mapped;
}

/** The step document's text for `step`: 2-space JSON and a final newline, multi-line arguments as arrays of lines. */
export function stepDocumentText(step: Step): string {
  return `${JSON.stringify(mapCall(step, toLines), null, 2)}\n`;
}

/** The step a parsed step document holds: arrays of lines where the tool takes a string joined with `\n`. */
export function stepFromDocument(value: unknown): unknown {
  return mapCall(value, fromLines);
}
