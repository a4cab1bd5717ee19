// The catalogue of tools the validator, the executor and the planner prompt know, by name: the built-in
// tools, plus those a host registers at run time (an MCP server's tools).
import { appendFileTool } from './appendFile';
import type { ToolDefinition } from './defineTool';
import { deleteFileTool } from './deleteFile';
import { editFileTool } from './editFile';
import { generateTool } from './generate';
import { listFilesTool } from './listFiles';
import { proposeEditTool } from './proposeEdit';
import { readFileTool } from './readFile';
import { renameFileTool } from './renameFile';
import { runCommandTool } from './runCommand';
import { searchTextTool } from './searchText';
import { subplanTool } from './subplan';
import { writeFileTool } from './writeFile';

/** Every tool, in the order the planner's catalogue lists them. */
export const TOOLS: readonly ToolDefinition<any>[] = [
  readFileTool,
  listFilesTool,
  searchTextTool,
  writeFileTool,
  appendFileTool,
  editFileTool,
  deleteFileTool,
  renameFileTool,
  runCommandTool,
  generateTool,
  proposeEditTool,
  subplanTool,
];

const BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** Tools added while the process runs (an MCP server's tools), by name; never one of the built-in names. */
const REGISTERED = new Map<string, ToolDefinition<any>>();

/**
 * Adds tools the host found at run time (MCP servers' tools) to the catalogue, so the gate, the executor
 * and the views know them like built-in ones. Returns the function that removes them again.
 */
export function registerTools(tools: readonly ToolDefinition<any>[]): () => void {
  for (const tool of tools) {
    if (BY_NAME.has(tool.name) || REGISTERED.has(tool.name)) throw new Error(`a tool named ${tool.name} is already in the catalogue`);
  }
  for (const tool of tools) REGISTERED.set(tool.name, tool);
  return () => {
    for (const tool of tools) if (REGISTERED.get(tool.name) === tool) REGISTERED.delete(tool.name);
  };
}

/** The tools registered at run time, in the order they were added. */
export function registeredTools(): readonly ToolDefinition<any>[] {
  return [...REGISTERED.values()];
}

/** The tool with this name, or `undefined`. */
export function findTool(name: string): ToolDefinition<any> | undefined {
  return BY_NAME.get(name) ?? REGISTERED.get(name);
}

/** The names of every tool. */
export const TOOL_NAMES: readonly string[] = TOOLS.map((tool) => tool.name);
