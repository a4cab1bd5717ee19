// The port through which MCP tools reach their servers: core says which tool of which server to call with
// which arguments; an adapter (the SDK client over stdio or HTTP) does the talking. Connection faults
// come back as `McpConnectionError`, which says whether the call could have happened.

/** The result of one call, as core needs it: the server's text, its structured content, and `isError`. */
export interface McpCallResult {
  readonly isError: boolean;
  /** The text content blocks, joined; other blocks are summarised (`[image image/png]`). */
  readonly text: string;
  readonly structuredContent?: unknown;
}

/** Calls a tool on a connected MCP server. Rejects with `McpConnectionError` on a connection fault. */
export interface McpCaller {
  callTool(server: string, tool: string, args: Readonly<Record<string, unknown>>, signal: AbortSignal): Promise<McpCallResult>;
}

/** What went wrong with a server's connection. */
export type McpFaultReason = 'notConnected' | 'rejected' | 'exited' | 'timeout' | 'protocol' | 'cancelled';

/** A fault of the connection to one server (not a tool's own error, which is a result with `isError`). */
export class McpConnectionError extends Error {
  constructor(
    readonly server: string,
    readonly reason: McpFaultReason,
    detail: string,
    /** True when the call certainly did not happen: never sent, or refused by the server as a request. */
    readonly notRun: boolean,
  ) {
    super(`MCP server "${server}": ${detail}`);
    this.name = 'McpConnectionError';
  }
}
