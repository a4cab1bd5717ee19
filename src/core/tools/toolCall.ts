// A tool call resolved once: the tool found in a catalogue, its arguments parsed by the tool's schema, and
// the files it may write worked out from the parsed input. Everything that asks "which files does this
// call write" (snapshots, the scheduler's serialising of writers, previews, the gate's scope and needed-file
// rules, the tree) asks here, so the answer cannot differ between them.
import type { ToolDefinition } from './defineTool';
import { findTool } from './toolCatalog';

/** The tools a run can call, by name: the built-in ones and those a host registered. */
export interface ToolCatalogue {
  find(name: string): ToolDefinition<any> | undefined;
}

/** The catalogue of the built-in tools and those registered at run time (toolCatalog.ts). */
export const TOOL_CATALOGUE: ToolCatalogue = { find: findTool };

/** One call of a known tool with input its schema accepted, and the files that call may write. */
export interface ToolCall {
  readonly tool: ToolDefinition<any>;
  /** The input as the tool's schema parsed it. */
  readonly input: Record<string, unknown>;
  readonly writes: readonly string[];
}

/** The call of `tool` with `input` already parsed by its schema. */
export function callOf(tool: ToolDefinition<any>, input: Record<string, unknown>): ToolCall {
  return { tool, input, writes: tool.writes(input) };
}

/** The call of the tool named `toolName` with `args`, or undefined when the tool is unknown or the arguments fail its schema. */
export function toolCallOf(toolName: string, args: unknown, catalogue: ToolCatalogue = TOOL_CATALOGUE): ToolCall | undefined {
  const tool = catalogue.find(toolName);
  const parsed = tool?.input.safeParse(args);
  return tool && parsed?.success ? callOf(tool, parsed.data as Record<string, unknown>) : undefined;
}

/** The files the call may write; none when the tool is unknown or the arguments fail its schema. */
export function writesOfCall(toolName: string, args: unknown, catalogue: ToolCatalogue = TOOL_CATALOGUE): readonly string[] {
  return toolCallOf(toolName, args, catalogue)?.writes ?? [];
}
