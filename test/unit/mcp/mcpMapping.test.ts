import * as assert from 'node:assert/strict';
import { argsSchemaFromJsonSchema, McpSchemaError } from '../../../src/core/mcp/jsonSchemaArgs';
import { mcpEffect } from '../../../src/core/mcp/mcpEffect';
import { mcpPlannerSection } from '../../../src/core/mcp/mcpPlannerSection';
import { mcpTool } from '../../../src/core/mcp/mcpTool';
import { mcpToolName, parseMcpToolName } from '../../../src/core/tools/mcpToolName';
import { readCompactPlan } from '../../../src/core/plan/compact/compactPlanReader';
import { registerTools } from '../../../src/core/tools/toolCatalog';

const never = { callTool: () => Promise.reject(new Error('not called')) };

describe('mcpEffect', () => {
  it('reads readOnlyHint as read-only, approved with reads', () => {
    assert.deepEqual(mcpEffect({ readOnlyHint: true, destructiveHint: true }), {
      effect: 'readOnly', effectBecause: 'readOnlyHint: true', oneByOne: false, approvalBecause: 'readOnlyHint: true (changes nothing)',
    });
  });

  it('reads idempotentHint as safe to retry, and destructiveHint: false as approvable with others', () => {
    assert.deepEqual(mcpEffect({ idempotentHint: true, destructiveHint: false }), {
      effect: 'idempotent', effectBecause: 'idempotentHint: true', oneByOne: false, approvalBecause: 'destructiveHint: false (only adds)',
    });
  });

  it('reads missing annotations as the spec default: not idempotent, destructive, approved one by one', () => {
    assert.deepEqual(mcpEffect(undefined), {
      effect: 'nonIdempotent', effectBecause: 'no idempotentHint (not safe to repeat)', oneByOne: true, approvalBecause: 'no destructiveHint (the MCP default is destructive)',
    });
    assert.equal(mcpEffect({ readOnlyHint: false, idempotentHint: true, destructiveHint: true }).approvalBecause, 'destructiveHint: true');
  });
});

describe('mcpToolName', () => {
  it('names a tool mcp.<server>.<tool> and reads it back, dots in the tool name included', () => {
    assert.equal(mcpToolName('fs', 'read_text_file'), 'mcp.fs.read_text_file');
    assert.deepEqual(parseMcpToolName('mcp.fs.a.b'), { server: 'fs', tool: 'a.b' });
    assert.equal(parseMcpToolName('readFile'), undefined);
    assert.equal(parseMcpToolName('mcp.fs.'), undefined);
  });
});

describe('argsSchemaFromJsonSchema', () => {
  const schema = argsSchemaFromJsonSchema({
    type: 'object',
    properties: { path: { type: 'string' }, options: { type: 'object', properties: { depth: { type: 'integer', minimum: 1 } } } },
    required: ['path'],
    additionalProperties: false,
  });

  it('accepts what the JSON Schema accepts', () => {
    assert.ok(schema.safeParse({ path: 'a', options: { depth: 2 } }).success);
  });

  it('names the failing field of each problem, nested, missing and unknown ones included', () => {
    const parsed = schema.safeParse({ options: { depth: 0 }, colour: 1 });
    assert.ok(!parsed.success);
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).sort();
    assert.deepEqual(issues, ['colour: unknown field', 'options.depth: must be >= 1', 'path: Required']);
  });

  it('checks draft 2020-12 schemas with the 2020-12 rules', () => {
    const tuple = argsSchemaFromJsonSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } } });
    assert.ok(tuple.safeParse({ pair: ['a', 1] }).success);
    assert.ok(!tuple.safeParse({ pair: [1, 'a'] }).success);
  });

  it('refuses a schema that does not compile', () => {
    assert.throws(() => argsSchemaFromJsonSchema({ type: 'object', properties: { a: { $ref: '#/nowhere' } } }), McpSchemaError);
  });
});

describe('mcpPlannerSection', () => {
  const tool = (name: string, description: string) =>
    mcpTool('s', { name, description, inputSchema: { type: 'object', properties: { id: { type: 'string' } } }, annotations: { readOnlyHint: true } }, never);

  it('lists each MCP tool with its schema and the hint that decided its effect class', () => {
    const section = mcpPlannerSection([tool('get', 'Get one item.')]) ?? '';
    assert.match(section, /^mcp\.s\.get \{"type":"object","properties":\{"id":\{"type":"string"\}\}\} — readOnly \(readOnlyHint: true\) — Get one item\.$/m);
  });

  it('stays within its budget and names the tools it had no room for', () => {
    const tools = Array.from({ length: 50 }, (_, index) => tool(`t${index}`, 'x'.repeat(150)));
    const section = mcpPlannerSection(tools, 2_000) ?? '';
    assert.ok(section.length < 2_000 + 500, `${section.length} characters`);
    assert.match(section, /\(44 more, not described for lack of room: mcp\.s\.t6, /);
  });

  it('says nothing when no MCP tool is registered', () => {
    assert.equal(mcpPlannerSection([]), undefined);
  });
});

describe('MCP tools in the compact plan language', () => {
  it('reads a step calling mcp.<server>.<tool> with a result check, ordered after an earlier write', () => {
    const unregister = registerTools([mcpTool('s', { name: 'put', inputSchema: { type: 'object' }, annotations: { idempotentHint: true } }, never)]);
    try {
      const items = readCompactPlan('E1 writeFile {"path":"a.txt","content":"x"}\nE2 mcp.s.put {"id":"a"} check result {"path":"$.ok","equals":true}').items;
      assert.deepEqual(items.map((item) => item.problems), [[], []]);
      const e2 = items[1].step!;
      assert.equal(e2.tool, 'mcp.s.put');
      assert.deepEqual(e2.postcondition, { kind: 'mcpResult', path: '$.ok', equals: true });
      assert.deepEqual(e2.dependsOn, ['E1']);
    } finally {
      unregister();
    }
  });
});
