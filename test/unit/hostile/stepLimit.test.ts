// The cap on steps per plan: a plan file, a planner reply (lines or JSON) and a re-planner patch past
// PLAN_LIMITS.steps are refused with one problem that names the limit, before the rest is read, and a
// plan or reply of exactly the limit is accepted.
import * as assert from 'node:assert/strict';
import { readCompactJson } from '../../../src/core/plan/compact/compactJson';
import { CompactPlanReader } from '../../../src/core/plan/compact/compactPlanReader';
import { parsePatch } from '../../../src/core/plan/parsePatch';
import { formatProblem } from '../../../src/core/plan/planProblem';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { PLAN_LIMITS } from '../../../src/core/planLimits';
import { readPlanReply } from '../../../src/core/planner/readPlanReply';
import { parseStepLine } from '../../../src/core/replanner/stepLine';

const LIMIT = String(PLAN_LIMITS.steps);
const readLine = 'readFile {"path":"a.ts"}';

/** A plan document of `count` reads. */
const planOf = (count: number) => ({
  version: 1,
  goal: 'g',
  steps: Array.from({ length: count }, (_, index) => ({ id: `E${index + 1}`, title: 't', tool: 'readFile', args: { path: 'a.ts' } })),
});

describe('the steps-per-plan limit', () => {
  it('accepts a plan file of exactly the limit and refuses one more, naming the limit and the count', () => {
    assert.equal(validatePlan(planOf(PLAN_LIMITS.steps)).ok, true);
    const result = validatePlan(planOf(PLAN_LIMITS.steps + 1));
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.deepEqual(result.problems.map(formatProblem), [`steps: ${PLAN_LIMITS.steps + 1} steps, more than the ${LIMIT} steps a plan may have; none of them was checked`]);
  });

  it('stops reading a reply of lines at the first line past the limit, with the line number', () => {
    const lines = `${readLine}\n`.repeat(PLAN_LIMITS.steps + 50);
    const reply = readPlanReply(lines);
    assert.equal(reply.steps.length, PLAN_LIMITS.steps);
    assert.deepEqual(reply.problems, [`line ${PLAN_LIMITS.steps + 1}: the reply holds more than the ${LIMIT} steps a plan may have; the lines from here on were not read`]);
    assert.deepEqual(readPlanReply(`${readLine}\n`.repeat(PLAN_LIMITS.steps)).problems, []);
  });

  it('counts the steps a re-plan already has, and reads nothing after the limit even when streamed', () => {
    const existing = Array.from({ length: 10 }, (_, index) => ({ id: `E${index + 1}`, tool: 'readFile', args: { path: 'a.ts' } }));
    const reader = new CompactPlanReader({ existing });
    reader.push(`${readLine}\n`.repeat(PLAN_LIMITS.steps));
    assert.equal(reader.steps.length, PLAN_LIMITS.steps - 10);
    assert.match(reader.problems.map(formatProblem).join('\n'), new RegExp(`more than the ${LIMIT} steps a plan may have \\(counting the 10 the plan has\\)`));
    assert.deepEqual(reader.push(`${readLine}\n`), []);
    assert.deepEqual(reader.finish(), []);
    assert.equal(reader.items.length, PLAN_LIMITS.steps - 10);
  });

  it('refuses a JSON reply of more steps than the limit without reading them', () => {
    const items = Array.from({ length: PLAN_LIMITS.steps + 1 }, () => ({ tool: 'readFile', args: { path: 'a.ts' } }));
    const read = readCompactJson({ steps: items });
    assert.deepEqual(read.steps, []);
    assert.deepEqual(read.problems.map(formatProblem), [`steps: ${PLAN_LIMITS.steps + 1} steps, more than the ${LIMIT} steps a plan may have; none of them was read`]);
  });

  it('stops reading a patch at the first operation past the limit', () => {
    const patch = Array.from({ length: PLAN_LIMITS.steps + 2 }, (_, index) => `add E${index + 100} ${readLine}`).join('\n');
    const parsed = parsePatch(patch, parseStepLine);
    assert.equal(parsed.ok, false);
    if (parsed.ok) return;
    assert.deepEqual(parsed.problems, [`line ${PLAN_LIMITS.steps + 1}: the patch holds more operations than the ${LIMIT} steps a plan may have; the lines from here on were not read`]);
  });
});
