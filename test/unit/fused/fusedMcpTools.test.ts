// The fused agent's view of MCP tools: wire names model APIs accept, mapped back to the plan names; the
// effect class and the deciding hint in the description; the expected result text a changing call needs.
import * as assert from 'node:assert/strict';
import { fusedStep } from '../../../src/core/fused/fusedDecisions';
import { fusedMcpTools } from '../../../src/core/fused/fusedMcpTools';
import { fusedToolSpecs, parseToolCall, type ParsedCall } from '../../../src/core/fused/fusedTools';
import { mcpTool } from '../../../src/core/mcp/mcpTool';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { registerTools } from '../../../src/core/tools/toolCatalog';

const never = { callTool: () => Promise.reject(new Error('not called')) };
const schema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false };
const read = mcpTool('fs', { name: 'read_text_file', inputSchema: schema, annotations: { readOnlyHint: true } }, never);
const remove = mcpTool('fs', { name: 'delete.file', inputSchema: schema }, never);
const call = (name: string, args: unknown) => ({ id: 'c1', name, arguments: JSON.stringify(args) });

describe('fused MCP tools', () => {
  let unregister: () => void;
  beforeEach(() => {
    unregister = registerTools([read, remove]);
  });
  afterEach(() => unregister());

  it('offers each registered MCP tool under a name model APIs accept, with its effect and the hint that decided it', () => {
    const specs = fusedToolSpecs('fused');
    const names = specs.map((spec) => spec.name);
    assert.ok(names.includes('mcp__fs__read_text_file') && names.includes('mcp__fs__delete__file'), names.join(', '));
    for (const name of names) assert.match(name, /^[A-Za-z0-9_-]{1,64}$/);
    const readSpec = specs.find((spec) => spec.name === 'mcp__fs__read_text_file')!;
    assert.match(readSpec.description, /Effect: readOnly \(readOnlyHint: true\)\. Plan name mcp\.fs\.read_text_file\./);
    assert.deepEqual(readSpec.parameters.required, ['path']);
    const removeSpec = specs.find((spec) => spec.name === 'mcp__fs__delete__file')!;
    assert.deepEqual(removeSpec.parameters.required, ['path', 'expectResultText']);
    assert.equal(fusedToolSpecs('auto').at(-1)?.name, 'make_plan');
  });

  it('maps a call back to the plan tool, so the step carries the plan name and its approvals', () => {
    const parsed = parseToolCall(call('mcp__fs__read_text_file', { path: 'a.txt' }), 'fused') as Extract<ParsedCall, { kind: 'tool' }>;
    assert.equal(parsed.kind, 'tool');
    assert.equal(parsed.tool, read);
    const step = fusedStep('F1', parsed);
    assert.equal(step.tool, 'mcp.fs.read_text_file');
    assert.equal(step.postcondition, undefined);
  });

  it('makes the expected text of a changing call its postcondition, and refuses the call without it', () => {
    const parsed = parseToolCall(call('mcp__fs__delete__file', { path: 'a.txt', expectResultText: 'deleted' }), 'fused') as Extract<ParsedCall, { kind: 'tool' }>;
    assert.deepEqual(parsed.args, { path: 'a.txt' });
    const step = fusedStep('F1', parsed);
    assert.deepEqual(step.postcondition, { kind: 'mcpResult', text: 'deleted' });
    assert.ok(validatePlan({ version: 1, goal: 'g', steps: [step] }).ok);
    const missing = parseToolCall(call('mcp__fs__delete__file', { path: 'a.txt' }), 'fused');
    assert.equal(missing.kind, 'invalid');
    assert.match((missing as { problem: string }).problem, /^expectResultText: Required/);
  });

  it('checks the arguments against the server\'s schema, naming the field', () => {
    const bad = parseToolCall(call('mcp__fs__read_text_file', { path: 3 }), 'fused');
    assert.equal(bad.kind, 'invalid');
    assert.match((bad as { problem: string }).problem, /^path: /);
  });

  it('keeps wire names unique and within 64 characters', () => {
    const long = mcpTool('s', { name: 'x'.repeat(80), inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }, never);
    const clash = mcpTool('s', { name: 'a.b', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }, never);
    const clash2 = mcpTool('s', { name: 'a__b', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }, never);
    const names = fusedMcpTools([long, long, clash, clash2], []).specs.map((spec) => spec.name);
    assert.equal(new Set(names).size, names.length);
    for (const name of names) assert.ok(name.length <= 64, name);
  });
});
