// What a run's journal says about the MCP servers it used, so `planwright resume` can reconnect without
// being told again: the config file's path and each server's definition, with the names of its
// environment variables and HTTP headers but never their values (they are often tokens). Resume reads the
// file again when it is still there, and otherwise rebuilds the servers, taking those values from its
// own environment (header values it cannot rebuild: it says so).
import { z } from 'zod';
import { isStdioServer, type McpServers } from './mcpServerConfig';
import { McpServerNameSchema } from '../tools/mcpToolName';

const RecordedStdioSchema = z.object({
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  cwd: z.string().optional(),
  envKeys: z.array(z.string()).optional(),
  timeoutMs: z.number().int().positive().optional(),
});
const RecordedHttpSchema = z.object({ url: z.url(), headerKeys: z.array(z.string()).optional(), timeoutMs: z.number().int().positive().optional() });
/** One server as the journal records it. */
const RecordedServerSchema = z.union([RecordedStdioSchema, RecordedHttpSchema]);
type RecordedServer = z.infer<typeof RecordedServerSchema>;
const isRecordedStdio = (server: RecordedServer): server is z.infer<typeof RecordedStdioSchema> => 'command' in server;

/** The MCP part of a run's host record. */
export const McpRunRecordSchema = z.object({
  configFile: z.string().optional(),
  /** Relative `cwd`s are taken from here (the config file's folder). */
  base: z.string(),
  servers: z.record(McpServerNameSchema, RecordedServerSchema),
});

/** The MCP part of a run's host record. */
export type McpRunRecord = z.infer<typeof McpRunRecordSchema>;

/** The record of `servers` read from `configFile` (relative paths from `base`): env and header values left out. */
export function mcpRunRecord(servers: McpServers, base: string, configFile?: string): McpRunRecord {
  const recorded: McpRunRecord['servers'] = {};
  for (const [name, config] of Object.entries(servers)) {
    const timeout = config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {};
    recorded[name] = isStdioServer(config)
      ? { command: config.command, ...(config.args ? { args: config.args } : {}), ...(config.cwd !== undefined ? { cwd: config.cwd } : {}), ...(config.env ? { envKeys: Object.keys(config.env) } : {}), ...timeout }
      : { url: config.url, ...(config.headers ? { headerKeys: Object.keys(config.headers) } : {}), ...timeout };
  }
  return { ...(configFile !== undefined ? { configFile } : {}), base, servers: recorded };
}

/** The servers of `record`, env values taken from `env`; `missing` names each value it could not fill. */
export function serversFromRecord(record: McpRunRecord, env: Readonly<Record<string, string | undefined>>): { readonly servers: McpServers; readonly missing: readonly string[] } {
  const servers: Record<string, McpServers[string]> = {};
  const missing: string[] = [];
  const envOf = (name: string, keys: readonly string[] | undefined): Record<string, string> | undefined => {
    if (!keys || keys.length === 0) return undefined;
    const values: Record<string, string> = {};
    for (const key of keys) {
      const value = env[key];
      if (value === undefined) missing.push(`MCP server "${name}": ${key} is not set in this environment`);
      else values[key] = value;
    }
    return values;
  };
  for (const [name, recorded] of Object.entries(record.servers) as [string, RecordedServer][]) {
    const timeout = recorded.timeoutMs !== undefined ? { timeoutMs: recorded.timeoutMs } : {};
    if (isRecordedStdio(recorded)) {
      const envValues = envOf(name, recorded.envKeys);
      servers[name] = { command: recorded.command, ...(recorded.args ? { args: recorded.args } : {}), ...(recorded.cwd !== undefined ? { cwd: recorded.cwd } : {}), ...(envValues ? { env: envValues } : {}), ...timeout };
    } else {
      if (recorded.headerKeys?.length) missing.push(`MCP server "${name}": the values of its headers (${recorded.headerKeys.join(', ')}) are not recorded; pass --mcp-config FILE`);
      servers[name] = { url: recorded.url, ...timeout };
    }
  }
  return { servers, missing };
}
