// One MCP server tool as a plan tool, `mcp.<server>.<tool>`: arguments checked against its JSON Schema,
// the effect class and approval rule from its annotations, and a call through the `McpCaller` port. A
// result with `isError` is a definite failure carrying the server's message; a connection fault after the
// request went out is ambiguous, so the retry policy treats it by the effect class like any other tool.
import { ToolError } from '../errors';
import { shorten } from '../text/shorten';
import { defineTool, type ToolDefinition } from '../tools/defineTool';
import { argsSchemaFromJsonSchema } from './jsonSchemaArgs';
import { McpConnectionError, type McpCaller } from './mcpCaller';
import { mcpEffect } from './mcpEffect';
import { mcpToolName } from '../tools/mcpToolName';
import type { McpToolSpec } from './mcpToolSpec';

const MESSAGE_MAX = 500;

/** The plan tool for `spec` on `server`; throws `McpSchemaError` when its input schema does not compile. */
export function mcpTool(server: string, spec: McpToolSpec, caller: McpCaller): ToolDefinition<Record<string, unknown>> {
  const name = mcpToolName(server, spec.name);
  const decided = mcpEffect(spec.annotations);
  return defineTool({
    name,
    description: spec.description?.trim() || spec.title || spec.annotations?.title || `${spec.name} of MCP server ${server}`,
    input: argsSchemaFromJsonSchema(spec.inputSchema),
    inputJsonSchema: spec.inputSchema,
    provenance: { effect: decided.effectBecause, approval: decided.approvalBecause, oneByOne: decided.oneByOne },
    effect: () => decided.effect,
    writes: () => [],
    settleMethod: () => 'none',
    execute: async (input, { signal }) => {
      if (signal.aborted) throw new ToolError('definite', 'cancelled', `${name}: cancelled before it started`);
      let result;
      try {
        result = await caller.callTool(server, spec.name, input, signal);
      } catch (error) {
        if (error instanceof McpConnectionError) {
          throw new ToolError(error.notRun ? 'definite' : 'ambiguous', `mcp:${error.reason}`, `${name}: ${error.message}`);
        }
        throw new ToolError('ambiguous', 'mcp:protocol', `${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (result.isError) {
        throw new ToolError('definite', 'mcp:toolError', `${name}: the server reported an error: ${shorten(result.text || '(no message)', MESSAGE_MAX)}`, result.text);
      }
      const structured = result.structuredContent === undefined ? {} : { structuredContent: result.structuredContent };
      return { text: result.text, details: { server, tool: spec.name, ...structured } };
    },
  });
}
