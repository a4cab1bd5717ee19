import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ToolError } from '../../../src/core/errors';
import type { ToolDefinition } from '../../../src/core/tools/defineTool';
import { McpConnections } from '../../../src/node/mcp/mcpConnections';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';
import { testServerConfig } from './mcpTestServers';

describe('McpConnections with the test server over stdio', function () {
  this.timeout(60_000);
  let dir: string;
  let connections: McpConnections;
  let tools: Map<string, ToolDefinition<Record<string, unknown>>>;

  const call = (name: string, args: Record<string, unknown>) => {
    const tool = tools.get(name);
    assert.ok(tool, `no tool ${name}`);
    return tool.execute(tool.input.parse(args), toolContext({ workspace: new NodeWorkspace(dir) }));
  };
  const failure = async (promise: Promise<unknown>): Promise<ToolError> => {
    const error = await promise.then(() => undefined, (caught: unknown) => caught);
    assert.ok(error instanceof ToolError, `expected a ToolError, got ${String(error)}`);
    return error;
  };

  before(async () => {
    dir = await makeTempDir();
    // `slow` is the same server with a limit on each call; its hang never ends, so the outcome does not depend on speed.
    connections = new McpConnections({ store: testServerConfig(dir), slow: testServerConfig(dir, 2_000), broken: { command: path.join(dir, 'no-such-server') } }, dir);
    const found = await connections.discover();
    tools = new Map(found.tools.map((tool) => [tool.name, tool]));
    assert.equal(found.problems.length, 1, found.problems.join("\n"));
    assert.match(found.problems[0], /MCP server "broken": could not start/);
  });
  after(async () => {
    await connections.close();
    await removeTempDir(dir);
  });

  it('lists each tool as mcp.<server>.<tool> with the effect class its annotations give', () => {
    const effects = Object.fromEntries([...tools.values()].filter((tool) => tool.name.startsWith('mcp.store.')).map((tool) => [tool.name, [tool.effect({}, {}), tool.provenance?.oneByOne]]));
    assert.deepEqual(effects, {
      'mcp.store.lookup': ['readOnly', false],
      'mcp.store.put': ['idempotent', false],
      'mcp.store.append': ['nonIdempotent', true],
      'mcp.store.tail': ['readOnly', false],
      'mcp.store.wipe': ['idempotent', true],
      'mcp.store.refuse': ['readOnly', false],
    });
    assert.equal(tools.get('mcp.store.append')?.provenance?.approval, 'no destructiveHint (the MCP default is destructive)');
  });

  it('calls a tool and returns its text and structured content', async () => {
    assert.equal((await call('mcp.store.put', { key: 'a', value: 4 })).text, 'stored a');
    const output = await call('mcp.store.lookup', { key: 'a' });
    assert.equal(output.text, 'a = 4');
    assert.deepEqual(output.details?.structuredContent, { key: 'a', value: 4 });
  });

  it('turns isError into a definite failure carrying the server message', async () => {
    const error = await failure(call('mcp.store.refuse', {}));
    assert.equal(error.kind, 'definite');
    assert.equal(error.reason, 'mcp:toolError');
    assert.match(error.message, /mcp\.store\.refuse: the server reported an error: the refuse tool always refuses: quota exceeded/);
  });

  it('reports a call that never answers as an ambiguous timeout naming the server', async () => {
    const error = await failure(call('mcp.slow.put', { key: 'a', value: 1, fault: 'hang' }));
    assert.equal(error.kind, 'ambiguous');
    assert.equal(error.reason, 'mcp:timeout');
    assert.match(error.message, /MCP server "slow": did not answer within 2000 ms/);
  });

  it('reports a server that exits mid-call as ambiguous, and starts it again for the next call', async () => {
    const error = await failure(call('mcp.store.append', { line: 'x', fault: 'exitOnce' }));
    assert.equal(error.kind, 'ambiguous');
    assert.equal(error.reason, 'mcp:exited');
    assert.match(error.message, /MCP server "store": the connection closed during the call/);
    assert.equal((await call('mcp.store.put', { key: 'b', value: 2 })).text, 'stored b');
  });

  it('ends a call at once when the server writes something that is not JSON-RPC', async () => {
    const error = await failure(call('mcp.store.lookup', { key: 'a', fault: 'garbage' }));
    assert.equal(error.kind, 'ambiguous');
    assert.equal(error.reason, 'mcp:protocol');
    assert.match(error.message, /MCP server "store": sent something that is not valid JSON-RPC/);
  });

  it('starts no server again once closed', async () => {
    await call('mcp.store.put', { key: 'c', value: 3 });
    await connections.close();
    const error = await failure(call('mcp.store.lookup', { key: 'c' }));
    // Closed connections are not started again behind the caller's back; the store is on disk as written.
    assert.equal(error.kind, 'definite');
    assert.ok(existsSync(path.join(dir, 'store.json')));
    assert.equal(JSON.parse(readFileSync(path.join(dir, 'store.json'), 'utf8')).c, 3);
  });
});
