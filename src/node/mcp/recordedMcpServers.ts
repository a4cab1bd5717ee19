// Reconnecting a resumed run to the MCP servers its journal names, so `planwright resume` needs no
// `--mcp-config` again: the config file the run used when it is still readable (it holds the env
// values), else the recorded definitions with env values from this process's environment.
import type { RecordLog } from '../../core/ports';
import { McpRunRecordSchema, serversFromRecord, type McpRunRecord } from '../../core/mcp/mcpRunRecord';
import type { McpServers } from '../../core/mcp/mcpServerConfig';
import type { McpToolSession } from './mcpToolSession';

/** The MCP record of a journal's runStarted record, or `undefined` when the run used no MCP server. */
export async function recordedMcp(journal: RecordLog): Promise<McpRunRecord | undefined> {
  const records = await journal.readAll(() => undefined);
  const started = records.find((record) => (record as { type?: unknown }).type === 'runStarted') as { host?: { mcp?: unknown } } | undefined;
  const parsed = McpRunRecordSchema.safeParse(started?.host?.mcp);
  return parsed.success ? parsed.data : undefined;
}

/** Starts the servers of `record` and registers their tools; `notes` says where they came from and what is missing. */
export async function reopenRecordedMcp(record: McpRunRecord, env: Readonly<Record<string, string | undefined>>): Promise<{ readonly session: McpToolSession; readonly notes: readonly string[] }> {
  // Loaded only when a journal names servers: a resume without them does not evaluate the SDK.
  const { openMcpTools, readMcpConfigFile } = require('./mcpToolSession') as typeof import('./mcpToolSession');
  let servers: McpServers | undefined;
  const notes: string[] = [];
  if (record.configFile !== undefined) {
    const read = await readMcpConfigFile(record.configFile);
    if ('servers' in read) servers = read.servers;
    else notes.push(`the run's MCP configuration cannot be used (${read.problems.join('; ')}); using the servers its journal records`);
  }
  if (!servers) {
    const rebuilt = serversFromRecord(record, env);
    servers = rebuilt.servers;
    notes.push(...rebuilt.missing);
  }
  const session = await openMcpTools(servers, record.base);
  return { session, notes: [...notes, ...session.problems] };
}
