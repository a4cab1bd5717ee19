// The scope of a plan (files its steps change, commands they run) and the journalled scope a run approved:
// the plan it started with, grown only by revisions the user made or applied.
import * as assert from 'node:assert/strict';
import { describeScope, scopeBeyond, scopeOfPlan } from '../../../src/core/plan/planScope';
import type { JournalRecord } from '../../../src/core/run/journalRecords';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { replayJournal } from '../../../src/core/run/runState';

const READ = { id: 'E1', title: 'Read', tool: 'readFile', args: { path: 'a.ts' } };
const WRITE = { id: 'E2', title: 'Write', tool: 'writeFile', args: { path: 'b.ts', content: 'b' }, postcondition: { kind: 'fileExists' as const, path: 'b.ts' } };
const TEST = { id: 'E3', title: 'Test', tool: 'runCommand', args: { command: 'npm test' }, postcondition: { kind: 'exitCode' as const, equals: 0 } };
const EXTRA = { id: 'E4', title: 'Extra', tool: 'writeFile', args: { path: 'c.ts', content: 'c' }, postcondition: { kind: 'fileExists' as const, path: 'c.ts' } };

describe('scopeOfPlan', () => {
  it('holds the files the steps change and the commands they run, not the files they read', () => {
    const scope = scopeOfPlan({ steps: [READ, WRITE, TEST] });
    assert.deepEqual(scope, { files: ['b.ts'], commands: ['npm test'] });
    assert.deepEqual(scopeBeyond(scopeOfPlan({ steps: [WRITE, EXTRA] }), scope), { files: ['c.ts'], commands: [] });
    assert.equal(describeScope({ files: ['c.ts'], commands: ['npm i'] }), 'changes c.ts and runs "npm i"');
  });
});

describe('the approved scope of a run', () => {
  const start: JournalRecord = { type: 'runStarted', runId: 'r', at: 0, plan: { version: 1, goal: 'g', steps: [READ, WRITE] }, options: DEFAULT_RUN_OPTIONS };
  const revised = (approved: boolean): JournalRecord => ({ type: 'revised', at: 1, revision: 1, reason: 'r', plan: { version: 1, goal: 'g', steps: [READ, WRITE, TEST, EXTRA] }, ...(approved ? { approved: true as const } : {}) });

  it('is the started plan, and a re-plan does not grow it', () => {
    assert.deepEqual(replayJournal([start]).approvedScope, { files: ['b.ts'], commands: [] });
    assert.deepEqual(replayJournal([start, revised(false)]).approvedScope, { files: ['b.ts'], commands: [] });
  });

  it('grows with a revision the user made or applied', () => {
    assert.deepEqual(replayJournal([start, revised(true)]).approvedScope, { files: ['b.ts', 'c.ts'], commands: ['npm test'] });
  });

  it('is absent for a fused run', () => {
    assert.equal(replayJournal([{ ...start, agent: 'fused' } as JournalRecord]).approvedScope, undefined);
  });
});
