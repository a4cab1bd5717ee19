// Configurations of real MCP servers for the tests, all over stdio (nothing listens on the network): our
// own test server (test/support/mcpTestServer.ts) with its state in a folder the test owns, and the
// reference filesystem server from npm.
import * as path from 'node:path';
import type { McpServers } from '../../../src/core/mcp/mcpServerConfig';

const REPO = path.resolve(__dirname, '..', '..', '..', '..');

/** The compiled test server. */
export const TEST_SERVER_SCRIPT = path.join(REPO, 'out', 'test', 'support', 'mcpTestServer.js');

/** Our test server as `name`, keeping its store in `stateDir`; `timeoutMs` bounds each call. */
export function testServerConfig(stateDir: string, timeoutMs?: number): McpServers[string] {
  return { command: process.execPath, args: [TEST_SERVER_SCRIPT], env: { MCP_TEST_STATE: stateDir }, ...(timeoutMs ? { timeoutMs } : {}) };
}

/** @modelcontextprotocol/server-filesystem, allowed into `root` only. */
export function filesystemServerConfig(root: string): McpServers[string] {
  return { command: process.execPath, args: [require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'), root] };
}

/** The lines of the test server's call log. */
export function callLog(text: string): string[] {
  return text.split('\n').filter((line) => line.length > 0);
}
