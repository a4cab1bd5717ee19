// The `stepAdded` journal record: a fused run grows its plan one action at a time, through the gate,
// and a replay of the journal rebuilds the same plan and step states.
import * as assert from 'node:assert/strict';
import { JournalError, applyRecord, replayJournal } from '../../../src/core/run/runState';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import type { JournalRecord } from '../../../src/core/run/journalRecords';

const write = (id: string, path: string) => ({ id, title: `Write ${path}`, tool: 'writeFile', args: { path, content: 'x' }, postcondition: { kind: 'fileExists', path } });

const started: JournalRecord = { type: 'runStarted', runId: 'r1', at: 1, plan: { version: 1, goal: 'g', steps: [write('F1', 'a.txt')] }, options: DEFAULT_RUN_OPTIONS };

describe('stepAdded record', () => {
  it('appends a pending step to the plan', () => {
    const state = replayJournal([started, { type: 'stepAdded', at: 2, step: write('F2', 'b.txt') }]);
    assert.deepEqual(state.plan.steps.map((step) => step.id), ['F1', 'F2']);
    assert.equal(state.steps.get('F2')?.status, 'pending');
    assert.equal(state.steps.get('F2')?.attempts, 0);
  });

  it('refuses a step the gate refuses: a reused id, or a write without a postcondition', () => {
    const state = applyRecord(undefined, started);
    assert.throws(() => applyRecord(state, { type: 'stepAdded', at: 2, step: write('F1', 'c.txt') }), JournalError);
    const { postcondition: _dropped, ...bare } = write('F2', 'c.txt');
    assert.throws(() => applyRecord(state, { type: 'stepAdded', at: 2, step: bare }), JournalError);
  });

  it('lets the added step move through its states like any other', () => {
    const state = replayJournal([
      started,
      { type: 'stepAdded', at: 2, step: write('F2', 'b.txt') },
      { type: 'step', at: 3, stepId: 'F2', event: 'approve', to: 'approved' },
      { type: 'step', at: 4, stepId: 'F2', event: 'start', to: 'running' },
      { type: 'step', at: 5, stepId: 'F2', event: 'succeed', to: 'succeeded', output: { text: 'Created b.txt' } },
    ]);
    assert.equal(state.steps.get('F2')?.status, 'succeeded');
    assert.equal(state.steps.get('F2')?.attempts, 1);
  });
});
