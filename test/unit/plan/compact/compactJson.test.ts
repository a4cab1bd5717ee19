// The JSON fallback: a small schema, the same steps as the line form, problems located by step and field.
import * as assert from 'node:assert/strict';
import { COMPACT_JSON_SCHEMA, readCompactJson } from '../../../../src/core/plan/compact/compactJson';
import { readCompactPlan } from '../../../../src/core/plan/compact/compactPlanReader';
import { formatProblem } from '../../../../src/core/plan/planProblem';

describe('compact JSON fallback', () => {
  it('maps to the same steps as the line form', () => {
    const lines = readCompactPlan('readFile {"path":"a.ts"}\neditFile {"path":"a.ts","edits":[{"find":"x","replace":"y"}]} check contains a.ts "y;" # Edit\nrunCommand {"command":"npm test"} idempotent keyed after E1');
    const json = readCompactJson({
      steps: [
        { tool: 'readFile', args: { path: 'a.ts' } },
        { tool: 'editFile', args: { path: 'a.ts', edits: [{ find: 'x', replace: 'y' }] }, check: 'contains a.ts "y;"', title: 'Edit' },
        { tool: 'runCommand', args: { command: 'npm test' }, idempotent: true, keyed: true, after: ['E1'] },
      ],
    });
    assert.deepEqual(json.problems, []);
    assert.deepEqual(json.steps, lines.steps);
  });

  it('reports unknown fields and malformed checks at the step and field', () => {
    const json = readCompactJson({ steps: [{ tool: 'readFile', args: { path: 'a' }, id: 'E1' }, { tool: 'deleteFile', args: { path: 'a' }, check: 'gone a' }] });
    assert.deepEqual(json.problems.map(formatProblem), ['E1.id: unknown field', 'E2.check: column 1: expected a check (exists, absent, json, contains, matches, exit, output, run, result, not, all, any), found "gone a"']);
    assert.deepEqual(readCompactJson([]).problems.map(formatProblem), ['the reply must be a JSON object {"steps": [ ... ]}']);
  });

  it('has a schema a small fraction of the plan-file schema', () => {
    assert.ok(JSON.stringify(COMPACT_JSON_SCHEMA).length < 1_000, `${JSON.stringify(COMPACT_JSON_SCHEMA).length} characters`);
  });
});
