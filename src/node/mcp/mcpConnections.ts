// The MCP client side over the official SDK: starts (or reaches) each configured server, lists its tools
// as plan tools, and carries out calls for them. Every fault of a connection becomes an
// `McpConnectionError` naming the server: it would not start, it exited (with the end of its stderr), it
// did not answer in time, or it wrote something that is not JSON-RPC. A server that exited is started
// again on its next call, so a retry the effect class allows has somewhere to go.
import * as nodePath from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { McpConnectionError, type McpCallResult, type McpCaller } from '../../core/mcp/mcpCaller';
import { isStdioServer, type McpServerConfig, type McpServers } from '../../core/mcp/mcpServerConfig';
import { mcpTool } from '../../core/mcp/mcpTool';
import { McpToolSpecSchema } from '../../core/mcp/mcpToolSpec';
import { messageOf } from '../../core/text/errorText';
import type { ToolDefinition } from '../../core/tools/defineTool';
import { PLANWRIGHT_VERSION } from '../version';
import { callResultOf } from './mcpCallResult';

/** How long one call may take when the server's config does not say. */
export const DEFAULT_MCP_TIMEOUT_MS = 60_000;
/** How long starting a server and listing its tools may take (a cold `npx` start is slow). */
const START_TIMEOUT_MS = 120_000;
const STDERR_TAIL_CHARS = 800;

interface Connection {
  readonly client: Client;
  readonly timeoutMs: number;
  readonly inFlight: Set<AbortController>;
  stderr: string;
  closed: boolean;
}

/** What connecting found: the plan tools of every server that answered, and one line per problem. */
export interface McpDiscovery {
  readonly tools: readonly ToolDefinition<Record<string, unknown>>[];
  readonly problems: readonly string[];
}

/** The connections to a set of configured servers; `close()` stops every server it started. */
export class McpConnections implements McpCaller {
  private readonly live = new Map<string, Promise<Connection>>();
  private stopped = false;

  /** `cwd` is the folder a stdio server's relative `cwd` (and its default one) is taken from. */
  constructor(
    private readonly servers: McpServers,
    private readonly cwd: string,
  ) {}

  /** Connects to every server and lists its tools; a server that fails is a problem, not a stop. */
  async discover(): Promise<McpDiscovery> {
    const found = await Promise.all(Object.keys(this.servers).map((server) => this.toolsOf(server)));
    return { tools: found.flatMap((one) => one.tools), problems: found.flatMap((one) => one.problems) };
  }

  async callTool(server: string, tool: string, args: Readonly<Record<string, unknown>>, signal: AbortSignal): Promise<McpCallResult> {
    const connection = await this.connection(server);
    const controller = new AbortController();
    const forward = () => controller.abort(new McpConnectionError(server, 'cancelled', 'the call was cancelled', false));
    signal.addEventListener('abort', forward, { once: true });
    connection.inFlight.add(controller);
    try {
      const result = await connection.client.callTool({ name: tool, arguments: { ...args } }, undefined, { signal: controller.signal, timeout: connection.timeoutMs });
      return callResultOf(result);
    } catch (error) {
      throw faultOf(server, error, controller.signal, connection);
    } finally {
      signal.removeEventListener('abort', forward);
      connection.inFlight.delete(controller);
    }
  }

  /** Stops every server this object started (stdin closed, then the process ended). */
  async close(): Promise<void> {
    this.stopped = true;
    const connections = [...this.live.values()];
    this.live.clear();
    await Promise.all(connections.map((pending) => pending.then((connection) => connection.client.close(), () => undefined)));
  }

  private async toolsOf(server: string): Promise<{ tools: ToolDefinition<Record<string, unknown>>[]; problems: string[] }> {
    const tools: ToolDefinition<Record<string, unknown>>[] = [];
    const problems: string[] = [];
    try {
      const { client } = await this.connection(server);
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: START_TIMEOUT_MS });
        for (const raw of page.tools) {
          const spec = McpToolSpecSchema.safeParse(raw);
          if (!spec.success) {
            problems.push(`MCP server "${server}": tool ${JSON.stringify((raw as { name?: unknown }).name)} is not a valid tool listing; left out`);
            continue;
          }
          try {
            tools.push(mcpTool(server, spec.data, this));
          } catch (error) {
            problems.push(`MCP server "${server}": tool ${spec.data.name}: ${messageOf(error)}; left out`);
          }
        }
        cursor = page.nextCursor;
      } while (cursor !== undefined);
    } catch (error) {
      problems.push(error instanceof McpConnectionError ? error.message : `MCP server "${server}": cannot list its tools: ${messageOf(error)}`);
    }
    return { tools, problems };
  }

  /** The open connection to `server`, started (again, after it exited) when there is none. */
  private async connection(server: string): Promise<Connection> {
    const existing = this.live.get(server);
    if (existing) {
      const connection = await existing.catch(() => undefined);
      if (connection && !connection.closed) return connection;
    }
    if (this.stopped) throw new McpConnectionError(server, 'notConnected', 'the connections were closed', true);
    const config = this.servers[server];
    if (!config) throw new McpConnectionError(server, 'notConnected', 'no server of that name is configured', true);
    const started = this.start(server, config);
    this.live.set(server, started);
    return started;
  }

  private async start(server: string, config: McpServerConfig): Promise<Connection> {
    const timeoutMs = config.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
    const client = new Client({ name: 'planwright', version: PLANWRIGHT_VERSION });
    const connection: Connection = { client, timeoutMs, inFlight: new Set(), stderr: '', closed: false };
    const transport = this.transport(config, connection);
    client.onclose = () => {
      connection.closed = true;
    };
    // The SDK reports a message it cannot read here and keeps waiting; a call in flight would only time
    // out, so it is ended at once with what the server sent.
    client.onerror = (error) => {
      const fault = new McpConnectionError(server, 'protocol', `sent something that is not valid JSON-RPC: ${messageOf(error)}`, false);
      for (const call of connection.inFlight) call.abort(fault);
    };
    try {
      await client.connect(transport, { timeout: START_TIMEOUT_MS });
    } catch (error) {
      await client.close().catch(() => undefined);
      const stderr = connection.stderr.trim();
      throw new McpConnectionError(server, 'notConnected', `could not start: ${messageOf(error)}${stderr ? `; its stderr ends: ${stderr}` : ''}`, true);
    }
    return connection;
  }

  private transport(config: McpServerConfig, connection: Connection): Transport {
    if (!isStdioServer(config)) {
      return new StreamableHTTPClientTransport(new URL(config.url), config.headers ? { requestInit: { headers: config.headers } } : undefined);
    }
    const transport = new StdioClientTransport({
      command: config.command,
      args: [...(config.args ?? [])],
      env: { ...getDefaultEnvironment(), ...config.env },
      cwd: nodePath.resolve(this.cwd, config.cwd ?? '.'),
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => {
      connection.stderr = (connection.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    return transport;
  }
}

/** The connection fault behind a failed call. */
function faultOf(server: string, error: unknown, signal: AbortSignal, connection: Connection): McpConnectionError {
  if (error instanceof McpConnectionError) return error;
  if (signal.aborted && signal.reason instanceof McpConnectionError) return signal.reason;
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) return new McpConnectionError(server, 'timeout', `did not answer within ${connection.timeoutMs} ms`, false);
    if (error.code === ErrorCode.ConnectionClosed) {
      const stderr = connection.stderr.trim();
      return new McpConnectionError(server, 'exited', `the connection closed during the call (the server exited?)${stderr ? `; its stderr ends: ${stderr}` : ''}`, false);
    }
    return new McpConnectionError(server, 'rejected', `refused the call: ${error.message}`, true);
  }
  if (connection.closed) return new McpConnectionError(server, 'exited', `the server is gone: ${messageOf(error)}`, false);
  return new McpConnectionError(server, 'protocol', messageOf(error), false);
}
