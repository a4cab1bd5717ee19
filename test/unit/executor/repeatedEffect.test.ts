// The effect a step would repeat, decided without a run: the tool and its resolved arguments in one
// spelling, blind to ids, titles, checks, dependencies and timeouts; only a non-idempotent step that
// ended unknown leaves a doubtful effect, and a step with that effect is named with the risk.
import * as assert from 'node:assert/strict';
import type { Step } from '../../../src/core/plan/planSchema';
import { doubtfulEffectOf, effectKey, repeatRisk } from '../../../src/core/run/repeatedEffect';
import { validPlan } from '../support/executorFakes';

const NO_OUTPUTS: ReadonlyMap<string, string> = new Map();
const command = (id: string, args: Record<string, unknown>, extra: Partial<Step> = {}): Step =>
  ({ id, title: `run ${id}`, tool: 'runCommand', args, postcondition: { kind: 'exitCode', equals: 0 }, ...extra }) as Step;

describe('effectKey', () => {
  it('is the same for one call however the step around it is written', () => {
    const base = effectKey(command('C1', { command: 'deploy --prod' }), NO_OUTPUTS);
    const spellings: Step[] = [
      command('C9', { command: '  deploy   --prod ' }, { title: 'ship', dependsOn: [] }),
      command('C1', { command: 'deploy --prod', cwd: '.', timeoutMs: 1000 }, { postcondition: { kind: 'outputContains', text: 'ok' } }),
      command('C1', { command: 'deploy --prod', cwd: './' }, { idempotent: true }),
    ];
    for (const step of spellings) assert.equal(effectKey(step, NO_OUTPUTS), base, JSON.stringify(step));
  });

  it('resolves references from the outputs before comparing', () => {
    const literal = effectKey(command('C1', { command: 'deploy v2' }), NO_OUTPUTS);
    assert.equal(effectKey(command('C2', { command: 'deploy #E1' }), new Map([['E1', 'v2']])), literal);
    assert.notEqual(effectKey(command('C2', { command: 'deploy #E1' }), NO_OUTPUTS), literal, 'an unresolved reference is not the value');
  });

  it('spells paths one way', () => {
    const append = (path: string, allowReadOnly?: boolean): Step =>
      ({ id: 'A1', title: 'log', tool: 'appendFile', args: { path, content: 'x\n', ...(allowReadOnly ? { allowReadOnly } : {}) }, postcondition: { kind: 'fileContains', path: 'log.txt', text: 'x' } }) as Step;
    const base = effectKey(append('logs/run.txt'), NO_OUTPUTS);
    for (const path of ['./logs/run.txt', 'logs//run.txt', 'Logs/Run.txt', 'logs\\run.txt']) assert.equal(effectKey(append(path), NO_OUTPUTS), base, path);
    assert.equal(effectKey(append('logs/run.txt', true), NO_OUTPUTS), base, 'the read-only opt-in is not part of the effect');
  });

  it('tells different calls apart: another command, folder, tool or content', () => {
    const keys = [
      command('C1', { command: 'deploy' }),
      command('C1', { command: 'deploy --dry-run' }),
      command('C1', { command: 'deploy', cwd: 'app' }),
      { id: 'C1', title: 'w', tool: 'writeFile', args: { path: 'deploy', content: '' }, postcondition: { kind: 'fileExists', path: 'deploy' } } as Step,
    ].map((step) => effectKey(step, NO_OUTPUTS));
    assert.equal(new Set(keys).size, keys.length);
  });
});

describe('doubtfulEffectOf', () => {
  const plan = validPlan([
    command('C1', { command: 'deploy' }),
    command('C2', { command: 'npm test' }, { idempotent: true }),
    { id: 'W1', title: 'write', tool: 'writeFile', args: { path: 'a.txt', content: 'a' }, postcondition: { kind: 'fileExists', path: 'a.txt' } },
  ]);

  it('remembers a non-idempotent step by its effect and its name', () => {
    assert.deepEqual(doubtfulEffectOf(plan, plan.steps[0]!, NO_OUTPUTS), { stepId: 'C1', reference: '1 run C1', key: effectKey(plan.steps[0]!, NO_OUTPUTS) });
  });

  it('leaves out a step that is safe to repeat', () => {
    assert.equal(doubtfulEffectOf(plan, plan.steps[1]!, NO_OUTPUTS), undefined, 'a command declared idempotent');
    assert.equal(doubtfulEffectOf(plan, plan.steps[2]!, NO_OUTPUTS), undefined, 'writeFile');
  });
});

describe('repeatRisk', () => {
  const before = validPlan([command('C1', { command: 'deploy' }), command('R1', { command: 'report' })]);
  const doubtful = [doubtfulEffectOf(before, before.steps[0]!, NO_OUTPUTS)!];

  it('names the step, the unknown step it repeats and the risk', () => {
    const after = validPlan([command('C7', { command: 'deploy ' }, { title: 'ship again' }), command('R1', { command: 'report' })]);
    assert.equal(
      repeatRisk(doubtful, after, after.steps[0]!, NO_OUTPUTS),
      '1 ship again repeats the effect of 1 run C1, which ended unknown: it may already have happened, and running this step may repeat it',
    );
  });

  it('says the step ended unknown when it is the same step under the same name', () => {
    assert.equal(repeatRisk(doubtful, before, before.steps[0]!, NO_OUTPUTS), '1 run C1 ended unknown: its effect may already have happened, and running it again may repeat it');
  });

  it('finds no risk for another effect, or when nothing ended unknown', () => {
    assert.equal(repeatRisk(doubtful, before, before.steps[1]!, NO_OUTPUTS), undefined);
    assert.equal(repeatRisk(undefined, before, before.steps[0]!, NO_OUTPUTS), undefined);
  });
});
