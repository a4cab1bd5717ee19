// The servers of an mcp.json file, in the shape VS Code uses (`servers`, each a stdio command or an HTTP
// URL), also read under `mcpServers`, the key Claude Code, Cline and Cursor use. Checked with zod: the
// file may come from a workspace nobody has reviewed.
import { z } from 'zod';
import { McpServerNameSchema } from '../tools/mcpToolName';

const TimeoutSchema = z.number().int().positive().max(3_600_000).optional().describe('How long one call may take, in ms.');

/** A server Planwright starts and talks to over its stdin and stdout. */
export const McpStdioServerSchema = z
  .object({
    type: z.literal('stdio').optional(),
    command: z.string().min(1),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    cwd: z.string().optional(),
    timeoutMs: TimeoutSchema,
  })
  .loose();

/** A server reached over streamable HTTP. */
export const McpHttpServerSchema = z
  .object({
    type: z.enum(['http', 'sse']).optional(),
    url: z.url(),
    headers: z.record(z.string(), z.string()).optional(),
    timeoutMs: TimeoutSchema,
  })
  .loose();

/** One configured server. */
export const McpServerConfigSchema = z.union([McpStdioServerSchema, McpHttpServerSchema]);

/** One configured server. */
export type McpServerConfig = z.infer<typeof McpServerConfigSchema>;

/** Servers by name. */
export const McpServersSchema = z.record(McpServerNameSchema, McpServerConfigSchema);

/** Servers by name. */
export type McpServers = z.infer<typeof McpServersSchema>;

/** An mcp.json file: `servers` (VS Code) or `mcpServers` (Claude Code, Cline, Cursor). */
export const McpConfigFileSchema = z
  .object({ servers: McpServersSchema.optional(), mcpServers: McpServersSchema.optional() })
  .loose();

/** True for a server started as a process (as opposed to one reached by URL). */
export function isStdioServer(config: McpServerConfig): config is z.infer<typeof McpStdioServerSchema> {
  return 'command' in config;
}

/** The exact command line a stdio server starts with, as the user approves it. */
export function serverCommandLine(config: McpServerConfig): string {
  return isStdioServer(config) ? [config.command, ...(config.args ?? [])].map((part) => (/[\s"']/.test(part) ? JSON.stringify(part) : part)).join(' ') : config.url;
}

/** The servers of an mcp.json text, or the problems, each naming the field. */
export function parseMcpConfig(text: string, source: string): { readonly servers: McpServers } | { readonly problems: readonly string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { problems: [`${source}: not valid JSON: ${(error as Error).message}`] };
  }
  const parsed = McpConfigFileSchema.safeParse(raw);
  if (!parsed.success) return { problems: parsed.error.issues.map((issue) => `${source}: ${issue.path.join('.') || '(file)'}: ${issue.message}`) };
  return { servers: { ...parsed.data.mcpServers, ...parsed.data.servers } };
}
