// The hosted run's phases, spelled out as a table: every event against every phase, each allowed move
// naming the phase it leads to and every refused one refused.
import * as assert from 'node:assert/strict';
import { RunStatusSchema, type RunStatus } from '../../../src/core/run/journalRecords';
import { isExecuting, isResumable, nextPhase, RUN_PHASES, stoppedPhase, type RunEvent, type RunPhase } from '../../../src/core/executor/runPhase';

const STOPPED_PHASE: Readonly<Record<RunStatus, RunPhase>> = {
  running: 'paused',
  awaitingApproval: 'waiting',
  needsReplan: 'waiting',
  paused: 'paused',
  succeeded: 'ended',
  failed: 'ended',
  cancelled: 'ended',
};

/** Each event, and where it leads from each phase (`null`: refused). */
const TABLE: readonly [string, RunEvent, Readonly<Record<RunPhase, RunPhase | null>>][] = [
  ['execute', { type: 'execute' }, { idle: 'running', running: null, paused: 'running', waiting: 'running', replanning: null, ended: null }],
  ['changed (running)', { type: 'changed', status: 'running', recovering: false }, { idle: 'paused', running: 'running', paused: 'paused', waiting: 'paused', replanning: 'running', ended: 'paused' }],
  ['changed (recovering)', { type: 'changed', status: 'running', recovering: true }, { idle: 'paused', running: 'replanning', paused: 'paused', waiting: 'paused', replanning: 'replanning', ended: 'paused' }],
  ['changed (awaitingApproval)', { type: 'changed', status: 'awaitingApproval', recovering: false }, { idle: 'waiting', running: 'running', paused: 'waiting', waiting: 'waiting', replanning: 'running', ended: 'waiting' }],
  ['changed (failed)', { type: 'changed', status: 'failed', recovering: false }, { idle: 'ended', running: 'running', paused: 'ended', waiting: 'ended', replanning: 'running', ended: 'ended' }],
  ['stopped (paused)', { type: 'stopped', status: 'paused' }, { idle: null, running: 'paused', paused: null, waiting: null, replanning: 'paused', ended: null }],
  ['stopped (needsReplan)', { type: 'stopped', status: 'needsReplan' }, { idle: null, running: 'waiting', paused: null, waiting: null, replanning: 'waiting', ended: null }],
  ['stopped (succeeded)', { type: 'stopped', status: 'succeeded' }, { idle: null, running: 'ended', paused: null, waiting: null, replanning: 'ended', ended: null }],
  ['stopped (no run journalled)', { type: 'stopped' }, { idle: null, running: 'idle', paused: null, waiting: null, replanning: 'idle', ended: null }],
  ['forget', { type: 'forget' }, { idle: 'idle', running: null, paused: 'idle', waiting: 'idle', replanning: null, ended: 'idle' }],
];

describe('runPhase', () => {
  describe('nextPhase', () => {
    for (const [name, event, row] of TABLE) {
      for (const phase of RUN_PHASES) {
        const expected = row[phase];
        it(`${name} in ${phase} ${expected === null ? 'is refused' : `leads to ${expected}`}`, () => {
          const result = nextPhase(phase, event);
          if (expected === null) {
            assert.equal(result.ok, false);
            assert.ok(!result.ok && ['runInProgress', 'runEnded', 'notExecuting'].includes(result.refusal));
          } else {
            assert.deepEqual(result, { ok: true, phase: expected });
          }
        });
      }
    }

    it('refuses to execute or forget a run in progress because a run is in progress', () => {
      for (const type of ['execute', 'forget'] as const) assert.deepEqual(nextPhase('running', { type }), { ok: false, refusal: 'runInProgress' }, type);
    });

    it('refuses to execute an ended run, and to stop one that is not executing, each for its own reason', () => {
      assert.deepEqual(nextPhase('ended', { type: 'execute' }), { ok: false, refusal: 'runEnded' });
      assert.deepEqual(nextPhase('paused', { type: 'stopped' }), { ok: false, refusal: 'notExecuting' });
    });
  });

  describe('stoppedPhase', () => {
    for (const status of RunStatusSchema.options) {
      it(`puts a stopped run that is ${status} in ${STOPPED_PHASE[status]}`, () => {
        assert.equal(stoppedPhase(status), STOPPED_PHASE[status]);
      });
    }
  });

  describe('isExecuting and isResumable', () => {
    it('executes only while running or re-planning, and resumes only from paused or waiting', () => {
      assert.deepEqual(RUN_PHASES.filter(isExecuting), ['running', 'replanning']);
      assert.deepEqual(RUN_PHASES.filter(isResumable), ['paused', 'waiting']);
    });
  });
});
