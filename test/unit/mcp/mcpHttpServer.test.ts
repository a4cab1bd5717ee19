// A plan calling an MCP server over Streamable HTTP: an SDK server listening on 127.0.0.1 for the length
// of the test (stateless, one transport per request), reached by the bundled CLI through a `url` entry.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const REPO = path.resolve(__dirname, '..', '..', '..', '..');
const CLI = path.join(REPO, 'dist', 'cli.js');
const ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PLANWRIGHT_') && name !== 'OPENAI_API_KEY'));

const TOOLS = [
  {
    name: 'greet',
    description: 'Greet someone by name.',
    inputSchema: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'], additionalProperties: false },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'count',
    description: 'Add one to a counter and return it.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
  },
];

/** A fresh MCP server for one request: stateless Streamable HTTP needs nothing kept between requests. */
function mcpServer(counter: { value: number }): Server {
  const server = new Server({ name: 'planwright-http-test', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (request.params.name === 'greet') return { content: [{ type: 'text', text: `Hello, ${String(request.params.arguments?.name)}` }] };
    counter.value++;
    return { content: [{ type: 'text', text: `count is ${counter.value}` }] };
  });
  return server;
}

async function body(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

describe('an MCP server over Streamable HTTP', function () {
  this.timeout(budgetMs(90_000));
  const counter = { value: 0 };
  let http: HttpServer;
  let url: string;
  let dir: string;

  before(async () => {
    http = createServer((request, response) => {
      const server = mcpServer(counter);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on('close', () => {
        void transport.close();
        void server.close();
      });
      void (async () => {
        await server.connect(transport);
        await transport.handleRequest(request, response, request.method === 'POST' ? await body(request) : undefined);
      })().catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  });
  after(async () => {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(path.join(dir, 'ws'));
  });
  afterEach(() => removeTempDir(dir));

  it('runs a plan that calls its tools, with the effect classes its annotations give', async () => {
    await writeFile(path.join(dir, 'mcp.json'), JSON.stringify({ servers: { web: { type: 'http', url } } }));
    const steps = [
      { id: 'E1', title: 'Greet', tool: 'mcp.web.greet', args: { name: 'Ada' }, postcondition: { kind: 'outputContains', text: 'Hello, Ada' } },
      { id: 'E2', title: 'Count', tool: 'mcp.web.count', args: {}, postcondition: { kind: 'mcpResult', text: 'count is' } },
      { id: 'E3', title: 'Save', tool: 'writeFile', args: { path: 'out.txt', content: '#E1; #E2' }, dependsOn: ['E1', 'E2'], postcondition: { kind: 'fileExists', path: 'out.txt' } },
    ];
    await writeFile(path.join(dir, 'p.plan.json'), JSON.stringify({ version: 1, goal: 'Call a server over HTTP', steps }));
    const run = (approve: string) => {
      const child = spawn(process.execPath, [CLI, 'run', 'p.plan.json', '--workspace', 'ws', '--approve', approve, '--journal', `run-${approve}.jsonl`, '--json', '--mcp-config', 'mcp.json'], { cwd: dir, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      return new Promise<{ code: number | null; report: { steps: { id: string; status: string }[] }; stderr: string }>((resolve) =>
        child.once('close', (code) => resolve({ code, report: stdout.trim() ? JSON.parse(stdout) : { steps: [] }, stderr })),
      );
    };
    const reads = await run('reads');
    assert.equal(reads.code, 3, reads.stderr);
    assert.deepEqual(reads.report.steps.map((step) => `${step.id}:${step.status}`), ['E1:succeeded', 'E2:awaitingApproval', 'E3:pending']);
    assert.equal(counter.value, 0);
    const all = await run('all');
    assert.equal(all.code, 0, all.stderr);
    assert.equal(await readFile(path.join(dir, 'ws', 'out.txt'), 'utf8'), 'Hello, Ada; count is 1');
  });
});
