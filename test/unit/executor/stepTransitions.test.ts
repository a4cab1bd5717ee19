// The step transition table, spelled out as a table: every event against every status, legal moves
// naming the status they lead to and every other cell illegal.
import * as assert from 'node:assert/strict';
import { FROZEN_STATUSES, NOT_STARTED_STATUSES, StepEventSchema, transition, type StepEvent } from '../../../src/core/run/stepTransitions';
import { StepStatusSchema, type StepStatus } from '../../../src/core/plan/stepStatus';

const COLUMNS: readonly StepStatus[] = [
  'pending',
  'awaitingApproval',
  'approved',
  'running',
  'succeeded',
  'failed',
  'unknown',
  'skipped',
  'invalidated',
  'cancelled',
];

const S: Record<string, StepStatus> = {
  pend: 'pending',
  wait: 'awaitingApproval',
  appr: 'approved',
  run: 'running',
  succ: 'succeeded',
  fail: 'failed',
  unkn: 'unknown',
  skip: 'skipped',
  inv: 'invalidated',
  canc: 'cancelled',
};

/** Rows: events. Columns: the statuses above, in order. `-` is an illegal move. */
const EXPECTED: Record<StepEvent, string> = {
  //             pend  wait  appr  run   succ  fail  unkn  skip  inv   canc
  askApproval:  'wait  -     -     wait  -     -     -     -     -     -   ',
  approve:      'appr  appr  -     -     -     -     -     -     -     -   ',
  skip:         'skip  skip  skip  -     -     skip  skip  -     skip  -   ',
  start:        '-     -     run   -     -     -     -     -     -     -   ',
  retry:        '-     -     -     run   -     -     -     -     -     -   ',
  succeed:      '-     -     -     succ  -     -     -     -     -     -   ',
  fail:         '-     -     -     fail  -     -     -     -     -     -   ',
  becomeUnknown:'-     -     -     unkn  -     -     -     -     -     -   ',
  invalidate:   'inv   inv   inv   -     -     -     -     -     -     -   ',
  cancel:       'canc  canc  canc  canc  -     -     -     -     -     -   ',
  interrupt:    '-     -     -     appr  -     -     -     -     -     -   ',
  reset:        '-     pend  pend  -     -     pend  pend  pend  pend  pend',
};

function expectedCell(event: StepEvent, column: number): StepStatus | undefined {
  const cell = EXPECTED[event].trim().split(/\s+/)[column];
  return cell === '-' ? undefined : S[cell];
}

describe('stepTransitions', () => {
  it('covers every status and every event of the schemas', () => {
    assert.deepEqual([...COLUMNS].sort(), [...StepStatusSchema.options].sort());
    assert.deepEqual(Object.keys(EXPECTED).sort(), [...StepEventSchema.options].sort());
  });

  for (const event of StepEventSchema.options) {
    it(`moves on "${event}" exactly as the table says, and refuses every other status`, () => {
      COLUMNS.forEach((from, column) => {
        assert.equal(transition(from, event), expectedCell(event, column), `${event} from ${from}`);
      });
    });
  }

  it('lets nothing leave succeeded: a done step is never re-run or reset', () => {
    for (const event of StepEventSchema.options) assert.equal(transition('succeeded', event), undefined, event);
  });

  it('leaves running only by retry, an outcome, a wait on its sub-plan, cancel, or an interruption found on resume', () => {
    const legal = StepEventSchema.options.filter((event) => transition('running', event) !== undefined);
    assert.deepEqual(legal.sort(), ['askApproval', 'becomeUnknown', 'cancel', 'fail', 'interrupt', 'retry', 'succeed']);
  });

  it('names the settled, frozen and not-started statuses consistently with the table', () => {
    for (const status of ['succeeded', 'failed', 'unknown', 'skipped', 'invalidated', 'cancelled'] as const) {
      assert.equal(transition(status, 'start'), undefined, status);
    }
    for (const status of NOT_STARTED_STATUSES) assert.notEqual(transition(status, 'invalidate'), undefined, status);
    assert.deepEqual([...FROZEN_STATUSES].sort(), ['skipped', 'succeeded']);
  });
});
