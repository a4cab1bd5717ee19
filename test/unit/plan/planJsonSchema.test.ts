// Unit tests of the JSON Schema for plan files: the committed file is what the code generates, the
// manifest registers it, and it describes each tool's arguments.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { PLAN_SCHEMA_PATH, planJsonSchema, planJsonSchemaText, STEP_SCHEMA_PATH, stepJsonSchema, stepJsonSchemaText } from '../../../src/core/plan/planJsonSchema';
import Ajv from 'ajv';
import { mcpTool } from '../../../src/core/mcp/mcpTool';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { registerTools, TOOL_NAMES } from '../../../src/core/tools/toolCatalog';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

type Json = Record<string, any>;

describe('planJsonSchema', () => {
  it('matches the committed schemas/plan.schema.json (regenerate: npx tsc -p . && node out/scripts/generatePlanSchema.js)', () => {
    const committed = readFileSync(path.join(ROOT, PLAN_SCHEMA_PATH), 'utf8');
    assert.equal(committed, planJsonSchemaText(), `${PLAN_SCHEMA_PATH} is stale`);
  });

  it('is registered for *.plan.json through contributes.jsonValidation', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.deepEqual(
      manifest.contributes.jsonValidation.filter((entry: Json) => entry.url === `./${PLAN_SCHEMA_PATH}`),
      [{ fileMatch: ['*.plan.json'], url: `./${PLAN_SCHEMA_PATH}` }],
    );
  });

  it('is draft-07 and requires version, goal and steps, refusing unknown fields', () => {
    const schema = planJsonSchema();
    assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
    assert.deepEqual(schema.required, ['version', 'goal', 'steps']);
    assert.equal(schema.additionalProperties, false);
  });

  it('lists the tool names and, per tool, the arguments it takes', () => {
    const step = (planJsonSchema().properties as Json).steps.items as Json;
    assert.deepEqual(step.properties.tool.anyOf[0].enum, [...TOOL_NAMES]);
    const byTool = new Map<string, Json>(step.allOf.map((rule: Json) => [rule.if.properties.tool.const, rule.then.properties.args]));
    assert.deepEqual([...byTool.keys()], [...TOOL_NAMES]);
    const editFile = byTool.get('editFile')!;
    assert.deepEqual(editFile.required, ['path', 'edits']);
    assert.deepEqual(editFile.properties.edits.items.required, ['find', 'replace']);
    assert.equal(editFile.additionalProperties, false);
    assert.match(editFile.properties.path.description, /relative to the workspace root/);
  });

  it('describes compensation arguments per tool as well', () => {
    const compensation = ((planJsonSchema().properties as Json).steps.items as Json).properties.compensation as Json;
    assert.deepEqual(compensation.properties.tool.anyOf[0].enum, [...TOOL_NAMES]);
    assert.ok(compensation.allOf.every((rule: Json) => rule.then.required === undefined), 'a compensation has no postcondition to require');
    assert.equal(compensation.allOf.length, TOOL_NAMES.length);
  });

  it('has a one-step sibling, committed as schemas/step.schema.json and registered for the "Edit Step…" documents', () => {
    assert.equal(readFileSync(path.join(ROOT, STEP_SCHEMA_PATH), 'utf8'), stepJsonSchemaText(), `${STEP_SCHEMA_PATH} is stale`);
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.deepEqual(
      manifest.contributes.jsonValidation.filter((entry: Json) => entry.url === `./${STEP_SCHEMA_PATH}`),
      [{ fileMatch: ['planwright-step:/**/*.json'], url: `./${STEP_SCHEMA_PATH}` }],
    );
    const step = stepJsonSchema();
    assert.deepEqual(step.required, ['id', 'title', 'tool', 'args']);
    assert.deepEqual((step.properties as Json).tool.anyOf[0].enum, [...TOOL_NAMES]);
    assert.equal((step.allOf as Json[]).length, TOOL_NAMES.length);
  });
});

/** What an editor flags in a step document (the step schema), and what the gate says of the same step in a plan. */
function verdicts(step: Json): { readonly schema: string[]; readonly gate: string[] } {
  const check = new Ajv({ allErrors: true, strict: false }).compile(stepJsonSchema());
  const schema = check(step) ? [] : (check.errors ?? []).filter((error) => error.keyword !== 'if').map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
  const read = { id: 'E1', title: 'Read it', tool: 'readFile', args: { path: 'a.js' } };
  const gate = validatePlan({ version: 1, goal: 'g', steps: [read, step] });
  return { schema, gate: gate.ok ? [] : gate.problems.map((problem) => `${problem.path}: ${problem.message}`) };
}

describe('the step JSON schema beside the validation gate', () => {
  it('flags a workspace-changing step without a postcondition, as the gate refuses it', () => {
    const { schema, gate } = verdicts({ id: 'E2', title: 'Write it', tool: 'writeFile', args: { path: 'a.js', content: 'x' } });
    assert.deepEqual(schema, ["/ must have required property 'postcondition'"]);
    assert.match(gate.join('\n'), /E2\.postcondition: Required: writeFile changes the workspace/);
  });

  it('leaves a read-only step without a postcondition alone, as the gate does', () => {
    assert.deepEqual(verdicts({ id: 'E2', title: 'Read more', tool: 'readFile', args: { path: 'b.js' } }), { schema: [], gate: [] });
  });

  it('accepts the tool of a configured MCP server, as the gate does', () => {
    const unregister = registerTools([mcpTool('fs', { name: 'read', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }, { callTool: () => Promise.reject(new Error('not called')) })]);
    try {
      assert.deepEqual(verdicts({ id: 'E2', title: 'Read by MCP', tool: 'mcp.fs.read', args: { path: 'a.js' } }), { schema: [], gate: [] });
    } finally {
      unregister();
    }
  });

  it('flags a misspelt tool name, as the gate refuses it', () => {
    const { schema, gate } = verdicts({ id: 'E2', title: 'Read', tool: 'readFiles', args: { path: 'a.js' } });
    assert.ok(schema.some((line) => line.startsWith('/tool ')), schema.join('\n'));
    assert.match(gate.join('\n'), /unknown tool "readFiles" \(did you mean "readFile"\?\)/);
  });
});
