// The StatusReader a run's checks read through: it calls a read-only MCP tool of the run's tool catalogue with the
// run's workspace, commands and limits, and hands back its text and structured content. A tool that is not an MCP
// tool, or not read-only for these arguments, is refused in words: a check may only read.
import type { CheckContext } from '../checks/checkContext';
import type { CommandRunner, StatusReader, Workspace } from '../ports';
import type { ToolLimits } from '../tools/defineTool';
import { isMcpToolName } from '../tools/mcpToolName';
import type { ToolCatalogue } from '../tools/toolCall';

/** What the reader calls a tool with. */
export interface StatusReaderPorts {
  readonly workspace: Workspace;
  readonly commands: CommandRunner;
  readonly limits: ToolLimits;
}

/** The reader over `tools`; see the file header. */
export function toolStatusReader(tools: ToolCatalogue, ports: StatusReaderPorts): StatusReader {
  return {
    read: async (name, args, signal) => {
      const tool = tools.find(name);
      if (!tool || !isMcpToolName(name)) return `no MCP tool ${name}`;
      const parsed = tool.input.safeParse(args);
      if (!parsed.success) return `${name} does not take these arguments: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`;
      if (tool.effect(parsed.data, {}) !== 'readOnly') return `${name} is not read-only, so a check may not call it`;
      // An MCP tool uses only the signal of its context; the step fields are not about a step here.
      const output = await tool.execute(parsed.data, { ...ports, runId: '', stepId: '', flags: {}, signal });
      const structured = output.details?.structuredContent;
      return { output: output.text, ...(structured !== undefined ? { structured } : {}) };
    },
  };
}

/** A check's context over `ports` and `signal`, reading tool state through `tools`. */
export function checkContextOver(tools: ToolCatalogue, ports: StatusReaderPorts, signal: AbortSignal): CheckContext {
  return { ...ports, signal, status: toolStatusReader(tools, ports) };
}
