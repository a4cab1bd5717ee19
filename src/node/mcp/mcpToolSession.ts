// Brings configured MCP servers into one process's tool catalogue: reads an mcp.json file, starts its
// servers, registers their tools, and on `close()` removes the tools and stops the servers. Used by the
// CLI's `--mcp-config FILE`, which every command that reads or runs plans accepts.
import { readFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { parseMcpConfig, type McpServers } from '../../core/mcp/mcpServerConfig';
import { messageOf } from '../../core/text/errorText';
import { registerTools } from '../../core/tools/toolCatalog';
import { McpConnections } from './mcpConnections';

/** Registered MCP tools and the servers behind them. */
export interface McpToolSession {
  /** Plan tool names now in the catalogue. */
  readonly toolNames: readonly string[];
  /** Servers that did not start or tools left out, one line each, naming the server. */
  readonly problems: readonly string[];
  close(): Promise<void>;
}

/** Starts `servers` (relative paths from `cwd`) and registers their tools. */
export async function openMcpTools(servers: McpServers, cwd: string): Promise<McpToolSession> {
  const connections = new McpConnections(servers, cwd);
  const { tools, problems } = await connections.discover();
  let unregister: () => void;
  try {
    unregister = registerTools(tools);
  } catch (error) {
    await connections.close();
    throw error;
  }
  return {
    toolNames: tools.map((tool) => tool.name),
    problems,
    close: async () => {
      unregister();
      await connections.close();
    },
  };
}

/** The servers of the mcp.json file at `file`, or the problems with it. */
export async function readMcpConfigFile(file: string): Promise<{ readonly servers: McpServers } | { readonly problems: readonly string[] }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return { problems: [`cannot read the MCP configuration ${file}: ${messageOf(error)}`] };
  }
  return parseMcpConfig(text, nodePath.basename(file));
}
