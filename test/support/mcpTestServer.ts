// A small MCP server for the tests, run as a real process over stdio: tools with each combination of
// annotations that matters, a store kept in files under $MCP_TEST_STATE (so a test sees what a call did
// even after the server or the client died), and faults on demand through a `fault` argument: `hang`
// (never answers), `exit` (the process dies mid-call), `garbage` (writes a line that is not JSON-RPC);
// the `…Once` forms misbehave on the first such call of that tool only. Every call is logged to calls.txt before it
// acts, so a test can wait for "the call has started".
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const state = process.env.MCP_TEST_STATE ?? process.cwd();
const file = (name: string) => path.join(state, name);
const FAULT = { type: 'string', enum: ['hang', 'exit', 'garbage', 'hangOnce', 'exitOnce', 'garbageOnce'] };

const TOOLS = [
  {
    name: 'lookup',
    description: 'Read the value stored under a key.',
    inputSchema: { type: 'object', properties: { key: { type: 'string', minLength: 1 }, fault: FAULT }, required: ['key'], additionalProperties: false },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'put',
    description: 'Store a value under a key (replaces what was there).',
    inputSchema: {
      type: 'object',
      properties: { key: { type: 'string', minLength: 1 }, value: { type: 'integer', minimum: 0 }, fault: FAULT },
      required: ['key', 'value'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: false },
  },
  {
    name: 'append',
    description: 'Append a line to the log.',
    inputSchema: { type: 'object', properties: { line: { type: 'string' }, fault: FAULT }, required: ['line'] },
  },
  {
    name: 'tail',
    description: 'Read the lines of the log.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'wipe',
    description: 'Delete every stored value.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  },
  {
    name: 'refuse',
    description: 'Always fails with a message, as a tool error.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
  },
];

function store(): Record<string, number> {
  return existsSync(file('store.json')) ? (JSON.parse(readFileSync(file('store.json'), 'utf8')) as Record<string, number>) : {};
}

/** Misbehaves as `fault` asks; returns normally when this call should go through. */
async function misbehave(tool: string, fault: unknown): Promise<void> {
  if (typeof fault !== 'string') return;
  const once = fault.endsWith('Once');
  const kind = once ? fault.slice(0, -'Once'.length) : fault;
  if (once) {
    if (existsSync(file(`${tool}.${fault}.done`))) return;
    writeFileSync(file(`${tool}.${fault}.done`), '');
  }
  if (kind === 'exit') process.exit(3);
  if (kind === 'garbage') process.stdout.write('this is not json-rpc\n');
  if (kind === 'hang' || kind === 'garbage') await new Promise(() => undefined);
}

const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

const server = new Server({ name: 'planwright-test', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = (request.params.arguments ?? {}) as Record<string, unknown>;
  appendFileSync(file('calls.txt'), `${request.params.name} ${JSON.stringify(args)}\n`);
  await misbehave(request.params.name, args.fault);
  switch (request.params.name) {
    case 'lookup': {
      const value = store()[String(args.key)];
      return { ...text(value === undefined ? `no value under ${String(args.key)}` : `${String(args.key)} = ${value}`), structuredContent: { key: args.key, value: value ?? null } };
    }
    case 'put':
      writeFileSync(file('store.json'), JSON.stringify({ ...store(), [String(args.key)]: args.value }));
      return text(`stored ${String(args.key)}`);
    case 'append':
      appendFileSync(file('log.txt'), `${String(args.line)}\n`);
      return text(`appended; the log has ${readFileSync(file('log.txt'), 'utf8').split('\n').length - 1} lines`);
    case 'tail': {
      const lines = existsSync(file('log.txt')) ? readFileSync(file('log.txt'), 'utf8').split('\n').filter(Boolean) : [];
      return { ...text(lines.join('\n')), structuredContent: { lines, count: lines.length } };
    }
    case 'wipe':
      writeFileSync(file('store.json'), '{}');
      return text('wiped');
    case 'refuse':
      return { ...text('the refuse tool always refuses: quota exceeded'), isError: true };
    default:
      return { ...text(`unknown tool ${request.params.name}`), isError: true };
  }
});

server.connect(new StdioServerTransport()).catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
