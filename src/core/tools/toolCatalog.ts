// The catalogue of tools the validator, the executor and the planner prompt know, by name.
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
];

const BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** The tool with this name, or `undefined`. */
export function findTool(name: string): ToolDefinition<any> | undefined {
  return BY_NAME.get(name);
}

/** The names of every tool. */
export const TOOL_NAMES: readonly string[] = TOOLS.map((tool) => tool.name);
