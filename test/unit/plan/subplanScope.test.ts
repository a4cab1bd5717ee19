// The gate's rules for `subplan` steps: the step's shape and contract, scopes that may run beside another
// writer of their files, a child plan's paths against its scope, the depth limit, and the compact form.
import * as assert from 'node:assert/strict';
import { formatProblem } from '../../../src/core/plan/planProblem';
import { childScopeProblems, depthProblems, scopesOverlap } from '../../../src/core/plan/subplanScope';
import { inScope } from '../../../src/core/workspacePath';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { readPlanReply } from '../../../src/core/planner/readPlanReply';
import { subplanStep, writeStep } from '../support/subplanFakes';

const plan = (steps: unknown[]) => ({ version: 1, goal: 'migrate', steps });
const problemsOf = (steps: unknown[]) => {
  const verdict = validatePlan(plan(steps));
  return verdict.ok ? [] : verdict.problems.map(formatProblem);
};
const contract = (path: string) => ({ kind: 'fileContains', path, text: 'newApi' });

describe('subplan steps in the gate', () => {
  it('accepts a subplan step with a goal, a scope, a budget and a postcondition', () => {
    assert.deepEqual(problemsOf([subplanStep('E1', 'migrate a.ts', ['src/a.ts'], contract('src/a.ts'), { budget: { steps: 8, replans: 1, tokens: 20000 } })]), []);
  });

  it('requires the postcondition, the contract of the part', () => {
    const { postcondition: _, ...bare } = subplanStep('E1', 'migrate a.ts', ['src/a.ts'], contract('src/a.ts'));
    assert.match(problemsOf([bare]).join('\n'), /E1\.postcondition: Required: subplan changes the workspace/);
  });

  it('refuses an empty scope, a scope leaving the workspace and an unknown budget field', () => {
    const problems = problemsOf([
      subplanStep('E1', 'a', [], contract('a.ts')),
      subplanStep('E2', 'b', ['../outside'], contract('b.ts')),
      subplanStep('E3', 'c', ['c.ts'], contract('c.ts'), { budget: { minutes: 3 } }),
    ]).join('\n');
    assert.match(problems, /E1\.args\.scope/);
    assert.match(problems, /E2\.args\.scope\[0\].*"\.\."/);
    assert.match(problems, /E3\.args\.budget.*minutes/);
  });

  it('refuses sibling sub-plans whose scopes overlap unless one waits for the other', () => {
    const overlapping = [subplanStep('E1', 'a', ['src/'], contract('src/a.ts')), subplanStep('E2', 'b', ['src/b.ts'], contract('src/b.ts'))];
    assert.match(problemsOf(overlapping).join('\n'), /E1\.args\.scope: overlaps the files of E2 \(src\/b\.ts\)/);
    const ordered = [overlapping[0], { ...overlapping[1], dependsOn: ['E1'] }];
    assert.deepEqual(problemsOf(ordered), []);
  });

  it('refuses a sub-plan whose scope covers a file another step writes at the same time', () => {
    assert.match(problemsOf([writeStep('E1', 'src/a.ts', 'x'), subplanStep('E2', 'b', ['src'], contract('src/b.ts'))]).join('\n'), /E2\.args\.scope: overlaps the files of E1/);
  });

  it('reports an overlap beside the plan\'s other problems, so one reading lists them all', () => {
    const problems = problemsOf([writeStep('E1', 'src/a.ts', 'x'), subplanStep('E2', 'b', ['src'], contract('src/b.ts')), { id: 'E3', title: 'Misspelt', tool: 'wrteFile', args: {} }]);
    assert.deepEqual(problems.map((problem) => problem.split(':')[0]), ['E3.tool', 'E2.args.scope']);
  });

  it('accepts many siblings with disjoint scopes: a fan-out, one file each', () => {
    const siblings = Array.from({ length: 12 }, (_, index) => subplanStep(`E${index + 1}`, `migrate m${index}`, [`src/m${index}.ts`], contract(`src/m${index}.ts`)));
    assert.deepEqual(problemsOf(siblings), []);
  });

  it('reads a subplan line of the compact plan language into the same step', () => {
    const read = readPlanReply('subplan {"goal":"migrate a.ts","scope":["src/a.ts"],"budget":{"steps":5}} check contains src/a.ts "newApi"');
    assert.deepEqual(read.problems, []);
    assert.equal(read.steps.length, 1);
    assert.deepEqual(problemsOf(read.steps as unknown[]), []);
  });
});

describe('sub-plan scope rules', () => {
  it('puts a path in scope when it is a listed file or lies in a listed folder', () => {
    assert.equal(inScope('src/a.ts', ['src/a.ts']), true);
    assert.equal(inScope('./src/lib/b.ts', ['src/lib/']), true);
    assert.equal(inScope('src/library.ts', ['src/lib']), false);
    assert.equal(inScope('test/a.ts', ['src']), false);
    assert.equal(scopesOverlap(['src'], ['src/a.ts']), true);
    assert.equal(scopesOverlap(['src/a.ts'], ['src/b.ts']), false);
  });

  it('names every path of a child plan outside its scope, in arguments and in checks', () => {
    const verdict = validatePlan(plan([writeStep('E1', 'src/a.ts', 'x'), { ...writeStep('E2', 'src/b.ts', 'y'), postcondition: contract('test/b.test.ts') }]));
    assert.ok(verdict.ok);
    const problems = childScopeProblems(verdict.plan, ['src/a.ts', 'src/b.ts']).map(formatProblem);
    assert.deepEqual(problems, ['E2.postcondition.path: "test/b.test.ts" is outside the sub-plan\'s scope (src/a.ts, src/b.ts)']);
  });

  it('refuses a sub-plan inside a child plan that is at the depth limit', () => {
    const verdict = validatePlan(plan([subplanStep('E1', 'deeper', ['src/a.ts'], contract('src/a.ts'))]));
    assert.ok(verdict.ok);
    assert.deepEqual(depthProblems(verdict.plan, 1, 2), []);
    assert.match(formatProblem(depthProblems(verdict.plan, 2, 2)[0]!), /E1\.tool: sub-plans nest at most 2 levels deep/);
  });
});
