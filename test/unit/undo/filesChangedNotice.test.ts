// Unit tests of the "Files changed" summary at the end of a run: when it says nothing, and what it says.
import * as assert from 'node:assert/strict';
import type { RunStatus } from '../../../src/core/run/journalRecords';
import type { FileTouch } from '../../../src/core/run/runState';
import { filesChangedNotice } from '../../../src/core/undo/filesChangedNotice';
import { validPlan } from '../support/executorFakes';

const plan = validPlan(
  [
    { id: 'E1', title: 'Write a', tool: 'writeFile', args: { path: 'a.js', content: 'a' }, postcondition: { kind: 'fileExists', path: 'a.js' } },
    { id: 'E2', title: 'Write b', tool: 'writeFile', args: { path: 'b.js', content: 'b' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'b.js' } },
    { id: 'E3', title: 'Edit a', tool: 'appendFile', args: { path: 'a.js', content: '!' }, dependsOn: ['E2'], postcondition: { kind: 'fileContains', path: 'a.js', text: '!' } },
  ],
  { revision: 1 },
);

const touch = (stepId: string, before: Record<string, string | null>, after: Record<string, string | null>): FileTouch => ({
  stepId,
  at: 0,
  before: Object.entries(before).map(([path, content]) => ({ path, content })),
  after: Object.entries(after).map(([path, content]) => ({ path, content })),
});

const touches = [touch('E1', { 'a.js': 'old' }, { 'a.js': 'a' }), touch('E2', { 'b.js': null }, { 'b.js': 'b' }), touch('E3', { 'a.js': 'a' }, { 'a.js': 'a!' })];

function run(status: RunStatus, runTouches: readonly FileTouch[] = touches) {
  return { runId: 'r1', status, plan, touches: runTouches };
}

describe('filesChangedNotice', () => {
  it('lists the files a finished run changed, what happened to each and which steps did it', () => {
    assert.deepEqual(filesChangedNotice(run('succeeded')), {
      runId: 'r1',
      count: 2,
      names: 'a.js, b.js',
      files: [
        { path: 'a.js', kind: 'modified', steps: '1 Write a, 3 Edit a' },
        { path: 'b.js', kind: 'created', steps: '2 Write b' },
      ],
    });
  });

  it('speaks at the end of a failed or cancelled run too', () => {
    assert.equal(filesChangedNotice(run('failed'))?.count, 2);
    assert.equal(filesChangedNotice(run('cancelled'))?.count, 2);
  });

  it('says nothing while the run can still go on', () => {
    for (const status of ['running', 'awaitingApproval', 'paused', 'needsReplan'] as const) assert.equal(filesChangedNotice(run(status)), undefined, status);
  });

  it('says nothing when the run changed no file, or wrote each back as it was', () => {
    assert.equal(filesChangedNotice(run('succeeded', [])), undefined);
    assert.equal(filesChangedNotice(run('succeeded', [touch('E1', { 'a.js': 'same' }, { 'a.js': 'same' })])), undefined);
    assert.equal(filesChangedNotice({ runId: 'r1', status: 'succeeded', plan }), undefined);
  });

  it('names the first few paths and ends with an ellipsis when there are more', () => {
    const many = ['a.js', 'b.js', 'c.js', 'd.js'].map((path) => touch('E1', { [path]: null }, { [path]: 'x' }));
    const notice = filesChangedNotice(run('succeeded', many));
    assert.equal(notice?.count, 4);
    assert.equal(notice?.names, 'a.js, b.js, c.js…');
    assert.equal(filesChangedNotice(run('succeeded', many), 4)?.names, 'a.js, b.js, c.js, d.js');
  });
});
