// Editing a plan's "Done when" checks by hand: a check typed in the plan language is read by the plan file's
// grammar and passes the plan file's gate, or is refused with what is wrong and where.
import * as assert from 'node:assert/strict';
import { removeAcceptanceCheck, writeAcceptanceCheck } from '../../../src/core/plan/acceptanceEdits';
import { validPlan } from '../support/executorFakes';

const steps = [{ id: 'E1', title: 'Read the CLI', tool: 'readFile', args: { path: 'src/cli.ts' } }];
const plan = validPlan(steps, { goal: 'Add --verbose', acceptance: [{ kind: 'commandSucceeds', command: 'npm test' }] });

describe('writeAcceptanceCheck', () => {
  it('adds a check after the last one, and replaces the one at an index', () => {
    const added = writeAcceptanceCheck(plan, undefined, ' contains src/cli.ts "--verbose" ');
    assert.ok(added.ok);
    assert.deepEqual(added.plan.acceptance, [{ kind: 'commandSucceeds', command: 'npm test' }, { kind: 'fileContains', path: 'src/cli.ts', text: '--verbose' }]);
    const replaced = writeAcceptanceCheck(plan, 0, 'run "npm run lint" timeout 60000');
    assert.ok(replaced.ok);
    assert.deepEqual(replaced.plan.acceptance, [{ kind: 'commandSucceeds', command: 'npm run lint', timeoutMs: 60000 }]);
  });

  it('refuses a check the grammar cannot read, naming the column', () => {
    const edit = writeAcceptanceCheck(plan, undefined, 'contains src/cli.ts');
    assert.equal(edit.ok, false);
    assert.match(!edit.ok ? edit.problem : '', /^column \d+: .*the text of "contains"/);
  });

  it('refuses a check the gate refuses, naming the check and the field', () => {
    const stepResult = writeAcceptanceCheck(plan, undefined, 'exit 0');
    assert.equal(stepResult.ok, false);
    assert.match(!stepResult.ok ? stepResult.problem : '', /^acceptance\[1\]: "exitCode" reads a step's own result/);
    const outside = writeAcceptanceCheck(plan, 0, 'exists ../secrets.txt');
    assert.equal(outside.ok, false);
    assert.match(!outside.ok ? outside.problem : '', /^acceptance\[0\]\.path: /);
  });

  it('refuses an index past the end', () => {
    const edit = writeAcceptanceCheck(plan, 3, 'exists README.md');
    assert.deepEqual(edit, { ok: false, problem: 'the plan has no acceptance check 4' });
  });
});

describe('removeAcceptanceCheck', () => {
  it('removes the check at an index, and the field with the last one', () => {
    const two = validPlan(steps, { goal: 'g', acceptance: [{ kind: 'fileExists', path: 'a' }, { kind: 'fileExists', path: 'b' }] });
    assert.deepEqual(removeAcceptanceCheck(two, 0).acceptance, [{ kind: 'fileExists', path: 'b' }]);
    assert.equal('acceptance' in removeAcceptanceCheck(plan, 0), false);
  });
});
