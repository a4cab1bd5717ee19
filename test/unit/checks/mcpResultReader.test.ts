// An `mcpResult` check that names a tool reads what it reports through the context's StatusReader port and runs no
// tool itself; the run's reader (toolStatusReader) calls only a read-only MCP tool of the run's own catalogue.
import * as assert from 'node:assert/strict';
import { z } from 'zod';
import type { CheckContext } from '../../../src/core/checks/checkContext';
import { evaluateCheck } from '../../../src/core/checks/evaluateCheck';
import { toolStatusReader } from '../../../src/core/mcp/toolStatusReader';
import type { StatusReader } from '../../../src/core/ports';
import { DEFAULT_TOOL_LIMITS, defineTool } from '../../../src/core/tools/defineTool';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';

const PORTS = { workspace: new MemoryWorkspace(), commands: new ScriptedCommandRunner(() => ({})), limits: DEFAULT_TOOL_LIMITS };

function context(status?: StatusReader): CheckContext {
  return { ...PORTS, signal: new AbortController().signal, ...(status ? { status } : {}) };
}

/** A tool of a store server: `tail` reads, `put` writes; each call is counted. */
function storeTool(name: string, effect: 'readOnly' | 'nonIdempotent', calls: string[]) {
  return defineTool({
    name,
    description: name,
    input: z.object({ key: z.string().optional() }),
    effect: () => effect,
    writes: () => [],
    settleMethod: () => 'none',
    execute: async () => {
      calls.push(name);
      return { text: 'stored', details: { structuredContent: { count: 1 } } };
    },
  });
}

describe('mcpResult through the StatusReader port', () => {
  it('judges what the reader reports for the tool it names', async () => {
    const asked: string[] = [];
    const status: StatusReader = { read: async (tool) => (asked.push(tool), { output: 'stored', structured: { count: 1 } }) };
    const result = await evaluateCheck({ kind: 'mcpResult', tool: 'mcp.store.tail', path: '$.count', equals: 1, text: 'stored' }, context(status));
    assert.equal(result.ok, true, result.detail);
    assert.deepEqual(asked, ['mcp.store.tail']);
  });

  it('cannot be evaluated where no reader is given, naming the tool', async () => {
    const result = await evaluateCheck({ kind: 'mcpResult', tool: 'mcp.store.tail', text: 'stored' }, context());
    assert.equal(result.ok, false);
    assert.match(result.detail, /mcp\.store\.tail/);
  });

  it("the run's reader calls a read-only MCP tool of its catalogue and refuses one that writes", async () => {
    const calls: string[] = [];
    const tools = [storeTool('mcp.store.tail', 'readOnly', calls), storeTool('mcp.store.put', 'nonIdempotent', calls)];
    const reader = toolStatusReader({ find: (name) => tools.find((tool) => tool.name === name) }, PORTS);
    const signal = new AbortController().signal;
    assert.deepEqual(await reader.read('mcp.store.tail', {}, signal), { output: 'stored', structured: { count: 1 } });
    assert.match(String(await reader.read('mcp.store.put', { key: 'a' }, signal)), /not read-only/);
    assert.match(String(await reader.read('mcp.store.gone', {}, signal)), /no MCP tool mcp\.store\.gone/);
    assert.deepEqual(calls, ['mcp.store.tail']);
  });
});
