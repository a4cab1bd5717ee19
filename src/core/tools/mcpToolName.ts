// How an MCP tool is named in a plan: `mcp.<server>.<tool>`. Server names are the keys of an mcp.json
// file; the first dot after the server name separates it from the tool's own name (which may hold dots).
import { z } from 'zod';

/** What a server may be called in an mcp.json file: letters, digits, `_` and `-`, no dot. */
export const McpServerNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'must be 1 to 64 letters, digits, "_" or "-" (no dots)' });

const PREFIX = 'mcp.';

/** The plan tool name of `tool` on `server`. */
export function mcpToolName(server: string, tool: string): string {
  return `${PREFIX}${server}.${tool}`;
}

/** True when `name` is shaped like an MCP plan tool name. */
export function isMcpToolName(name: string): boolean {
  return parseMcpToolName(name) !== undefined;
}

/** The server and tool of a plan tool name `mcp.<server>.<tool>`, or `undefined` for any other name. */
export function parseMcpToolName(name: string): { readonly server: string; readonly tool: string } | undefined {
  if (!name.startsWith(PREFIX)) return undefined;
  const rest = name.slice(PREFIX.length);
  const dot = rest.indexOf('.');
  if (dot <= 0 || dot === rest.length - 1) return undefined;
  const server = rest.slice(0, dot);
  return McpServerNameSchema.safeParse(server).success ? { server, tool: rest.slice(dot + 1) } : undefined;
}
