// Which steps not started yet hold the text a local fix would change: those are the steps a repair of
// the broken one alone would leave broken.
import * as assert from 'node:assert/strict';
import { stepsSharingMistake } from '../../../src/core/executor/sharedMistake';
import type { Step } from '../../../src/core/plan/planSchema';
import type { RunState } from '../../../src/core/run/runState';
import type { StepStatus } from '../../../src/core/plan/stepStatus';
import { validPlan } from '../support/executorFakes';

const read = (id: string, path: string): Step => ({ id, title: `read ${path}`, tool: 'readFile', args: { path } });
const plan = validPlan([
  read('E1', 'src/cli.ts'),
  { id: 'E2', title: 'test', tool: 'runCommand', args: { command: 'node src/cli.ts --help' }, postcondition: { kind: 'exitCode', equals: 0 } },
  { id: 'E3', title: 'check', tool: 'readFile', args: { path: 'README.md' }, postcondition: { kind: 'not', check: { kind: 'fileAbsent', path: 'src/cli.ts' } } },
  read('E4', 'src/cli.ts'),
  read('E5', 'src/other.ts'),
]);

/** The run with each step in the status given (pending when not named). */
function stateWith(statuses: Readonly<Record<string, StepStatus>>): RunState {
  return { plan, steps: new Map(plan.steps.map((step) => [step.id, { status: statuses[step.id] ?? 'pending' }])) } as unknown as RunState;
}

describe('stepsSharingMistake', () => {
  it('finds the text in the arguments and in nested checks of steps not started yet, never the broken step itself', () => {
    const sharing = stepsSharingMistake(stateWith({ E1: 'failed', E2: 'invalidated' }), 'E1', ['src/cli.ts']);
    assert.deepEqual(sharing.map((step) => step.id), ['E2', 'E3', 'E4']);
  });

  it('leaves out steps that started or finished: a patch cannot change them', () => {
    const sharing = stepsSharingMistake(stateWith({ E1: 'failed', E2: 'succeeded', E3: 'running' }), 'E1', ['src/cli.ts']);
    assert.deepEqual(sharing.map((step) => step.id), ['E4']);
  });

  it('finds nothing for no text or an empty one', () => {
    assert.deepEqual(stepsSharingMistake(stateWith({ E1: 'failed' }), 'E1', []), []);
    assert.deepEqual(stepsSharingMistake(stateWith({ E1: 'failed' }), 'E1', ['']), []);
  });
});
