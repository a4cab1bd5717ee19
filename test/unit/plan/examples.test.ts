// The plan files under examples/ say what the documentation says they do, and the generated plan used by
// the benchmark is valid (so the benchmark measures the whole gate).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parsePlanText } from '../../../src/core/plan/parsePlan';
import { formatProblem } from '../../../src/core/plan/planProblem';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { generatePlan } from '../../../bench/generatedPlan';

const EXAMPLES = path.resolve(__dirname, '..', '..', '..', '..', 'examples');

function parseExample(name: string) {
  return parsePlanText(readFileSync(path.join(EXAMPLES, name), 'utf8'), name);
}

describe('example plans', () => {
  it('the demo workspace\'s plans are valid', () => {
    for (const [name, steps] of [['demo-workspace/add-verbose-flag.plan.json', 6], ['demo-workspace/failing-step.plan.json', 5]] as const) {
      const result = parseExample(name);
      assert.ok(result.ok, result.ok ? '' : result.problems.map(formatProblem).join('\n'));
      assert.equal(result.plan.steps.length, steps, name);
    }
  });

  it('invalid.plan.json shows one problem of each kind it is documented to show', () => {
    const result = parseExample('invalid.plan.json');
    assert.ok(!result.ok);
    assert.deepEqual(result.problems.map((problem) => problem.path), [
      'E1.args.path',
      'E2.postcondtion',
      'E2.args.to',
      'E2.postcondition',
      'E3.args.edits[0].find',
      'E3.postcondition',
      'E4.tool',
      'E4.args.content',
      'steps[5].id',
      'E2.dependsOn[0]',
    ]);
  });

  it('a generated 1,000-step plan passes the gate', () => {
    const result = validatePlan(generatePlan(1000));
    assert.ok(result.ok, result.ok ? '' : formatProblem(result.problems[0]));
  });
});
