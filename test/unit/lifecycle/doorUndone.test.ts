// The undone column of the guarantees × doors matrix: a run that `planwright undo` put back stays undone through
// every door, in the workspace and in a git worktree (doorCells.ts): its journal replays as undone, and a resume
// through the door that ran it says so, puts nothing back in the files and asks the model nothing.
import * as assert from 'node:assert/strict';
import { reportedRunStatus } from '../../../src/core/run/undoneRun';
import { cellPerTest, cli, WORKSPACE_DOORS, WORKTREE_DOORS } from './doorCells';
import { filesOf, journalled, ORIGINAL, ranAll } from './doorRows';

describe('guarantees × doors: an undone run stays undone', () => {
  const { cell, clients } = cellPerTest();

  for (const [name, open] of [...WORKSPACE_DOORS, ...WORKTREE_DOORS]) {
    it(`${name}: undo, then the journal replays as undone and a resume says undone, repeating nothing`, async () => {
      const door = await open(cell(), clients);
      const { journal, folder } = await ranAll(door, cell().workspace);
      const undone = await cli(cell(), ['undo', journal]);
      assert.deepEqual(undone.report.refused, [], JSON.stringify(undone.report));
      assert.deepEqual(await filesOf(folder), ORIGINAL);
      assert.equal(reportedRunStatus(await journalled(journal)), 'undone', 'the journal replays as undone');

      const served = door.callsServed();
      const resumed = await door.resume(journal);
      assert.equal(resumed.report.status, 'undone', JSON.stringify(resumed.report));
      assert.deepEqual(await filesOf(folder), ORIGINAL, 'the resume repeated nothing the undo put back');
      assert.equal(door.callsServed(), served, 'the resume asked the model nothing');
      assert.equal(reportedRunStatus(await journalled(journal)), 'undone', 'still undone after the resume');
    });
  }
});
