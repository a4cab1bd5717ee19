// Unit tests of the smaller plan helpers the executor and hosts use: re-validated reference resolution,
// step flags, the workspace paths a plan names, cycle finding and "did you mean".
import * as assert from 'node:assert/strict';
import { closestName } from '../../../src/core/plan/closestName';
import { findCycles } from '../../../src/core/plan/findCycles';
import { resolveCompensationArgs, resolveStepArgs } from '../../../src/core/plan/resolveStepArgs';
import { stepFlags } from '../../../src/core/plan/stepFlags';
import { workspacePathsOf } from '../../../src/core/plan/workspacePaths';
import { formatProblem } from '../../../src/core/plan/planProblem';
import { examplePlan } from './planFixtures';

describe('resolveStepArgs', () => {
  it("substitutes outputs and returns the arguments as the tool's schema parsed them", () => {
    const step = { ...examplePlan().steps[1], args: { path: 'src/cli.ts', edits: [{ find: 'x', replace: '#E1' }] } };
    assert.deepEqual(resolveStepArgs(step, new Map([['E1', 'y']])), { ok: true, args: { path: 'src/cli.ts', edits: [{ find: 'x', replace: 'y' }] } });
  });

  it('refuses a substitution that makes a path leave the workspace', () => {
    const step = { ...examplePlan().steps[0], args: { path: '#E0' } };
    const result = resolveStepArgs(step, new Map([['E0', '../../etc/passwd']]));
    assert.ok(!result.ok);
    assert.deepEqual(result.problems.map(formatProblem), [
      'E1.args.path: after resolving references: path "../../etc/passwd" contains ".."; paths may not leave the workspace',
    ]);
  });

  it('resolves compensation arguments the same way', () => {
    const step = { ...examplePlan().steps[1], compensation: { tool: 'writeFile', args: { path: 'src/cli.ts', content: '#E1' } } };
    assert.deepEqual(resolveCompensationArgs(step, new Map([['E1', 'old text']])), { ok: true, args: { path: 'src/cli.ts', content: 'old text' } });
    assert.equal(resolveCompensationArgs(examplePlan().steps[0], new Map()), undefined);
  });
});

describe('stepFlags', () => {
  it('passes the idempotency flags and says when the postcondition judges the exit code', () => {
    const [, edit, test] = examplePlan().steps;
    assert.deepEqual(stepFlags(edit), { idempotent: false, idempotencyKey: false, checksExitCode: false });
    assert.deepEqual(stepFlags({ ...test, idempotencyKey: true }), { idempotent: false, idempotencyKey: true, checksExitCode: true });
    const nested = { postcondition: { kind: 'not' as const, check: { kind: 'exitCode' as const, equals: 0 } } };
    assert.equal(stepFlags(nested).checksExitCode, true);
  });
});

describe('workspacePathsOf', () => {
  it('finds the paths in arguments, compensation and checks through the schemas', () => {
    const plan = examplePlan();
    plan.steps[1].compensation = { tool: 'renameFile', args: { from: 'b.ts', to: 'a.ts' } };
    plan.steps[2].args = { command: 'npm test', cwd: 'packages/app' };
    plan.steps[2].statusCheck = { kind: 'any', checks: [{ kind: 'fileExists', path: 'out/ok' }, { kind: 'commandSucceeds', command: 'x', cwd: 'tools' }] };
    assert.deepEqual(
      workspacePathsOf(plan).map(({ field, path }) => `${field}=${path}`),
      [
        'E1.args.path=src/cli.ts',
        'E2.args.path=src/cli.ts',
        'E2.compensation.args.from=b.ts',
        'E2.compensation.args.to=a.ts',
        'E2.postcondition.path=src/cli.ts',
        'E3.args.cwd=packages/app',
        'E3.statusCheck.checks[0].path=out/ok',
        'E3.statusCheck.checks[1].cwd=tools',
      ],
    );
  });

  it('does not take globs, commands or text for paths', () => {
    const plan = examplePlan();
    plan.steps[0] = { id: 'E1', title: 'List', tool: 'listFiles', args: { glob: '/abs/**' } };
    assert.deepEqual(workspacePathsOf(plan).map((found) => found.field), ['E2.args.path', 'E2.postcondition.path']);
  });
});

describe('findCycles', () => {
  const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

  it('finds nothing in a DAG and ignores self-edges and unknown nodes', () => {
    assert.deepEqual(findCycles(['A', 'B', 'C'], graph({ A: ['B', 'A', 'Z'], B: ['C'] })), []);
  });

  it('reports the shortest cycle of each group, starting at its first node', () => {
    const cycles = findCycles(['A', 'B', 'C', 'D', 'E'], graph({ A: ['B'], B: ['C'], C: ['A', 'B'], D: ['E'], E: ['D'] }));
    assert.deepEqual(cycles, [['A', 'B', 'C', 'A'], ['D', 'E', 'D']]);
  });

  it('copes with a 20,000-node chain closed into a loop (no recursion)', () => {
    const nodes = Array.from({ length: 20_000 }, (_, index) => `N${index}`);
    const edges = new Map(nodes.map((node, index) => [node, [nodes[(index + 1) % nodes.length]]]));
    const [cycle] = findCycles(nodes, edges);
    assert.equal(cycle.length, 20_001);
  });
});

describe('closestName', () => {
  it('suggests the nearest name for a typo, counting a swap of two letters as one edit', () => {
    assert.equal(closestName('wrteFile', ['readFile', 'writeFile']), 'writeFile');
    assert.equal(closestName('stpes', ['steps', 'goal']), 'steps');
    assert.equal(closestName('READFILE', ['readFile']), 'readFile');
  });

  it('suggests nothing when no name is close', () => {
    assert.equal(closestName('browse', ['readFile', 'writeFile']), undefined);
  });
});
