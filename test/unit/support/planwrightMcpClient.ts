// `planwright mcp` (the bundled dist/cli.js) started as a child over stdio and driven by the MCP SDK's own client,
// as Claude Code, Cline or Cursor would, against a scripted model endpoint: connect, call a tool (its text and
// whether it is an error), close.
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLEAN_ENV } from './cliProcess';

const REPO = path.resolve(__dirname, '..', '..', '..', '..');
const CLI = path.join(REPO, 'dist', 'cli.js');

/** A tool call's answer: its text blocks joined, and whether the server marked it an error. */
export interface ToolAnswer {
  readonly isError: boolean;
  readonly text: string;
}

/** A connected client of `planwright mcp --allow-approve allow`, working in `cwd`, its model at `baseUrl`. */
export interface PlanwrightMcpClient {
  call(name: string, args: Record<string, unknown>): Promise<ToolAnswer>;
  close(): Promise<void>;
}

/** Starts the server as a child and connects to it. */
export async function connectPlanwrightMcp(cwd: string, baseUrl: string, allow: 'none' | 'reads' | 'all'): Promise<PlanwrightMcpClient> {
  const client = new Client({ name: 'planwright-test', version: '1.0.0' });
  const env = { ...CLEAN_ENV, PLANWRIGHT_BASE_URL: baseUrl, PLANWRIGHT_MODEL: 'scripted' };
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--allow-approve', allow], env, cwd, stderr: 'pipe' }));
  return {
    call: async (name, args) => {
      const result = (await client.callTool({ name, arguments: args })) as { content: { text: string }[]; isError?: boolean };
      return { isError: result.isError === true, text: result.content.map((block) => block.text).join('\n') };
    },
    close: () => client.close(),
  };
}
