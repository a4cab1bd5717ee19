// A step whose files could not be snapshotted before it ran: it still runs, but every file it may change is
// marked "not undoable: no snapshot" with why, the failure is reported, and undoing the run refuses the file
// saying so instead of taking an empty snapshot for "changed nothing".
import * as assert from 'node:assert/strict';
import { NO_SNAPSHOT, snapshotsBefore } from '../../../src/core/tools/fileSnapshots';
import type { FileSnapshot } from '../../../src/core/tools/defineTool';
import { undoRun } from '../../../src/core/undo/undoRun';
import { MemoryWorkspace } from '../support/fakePorts';

describe('snapshotsBefore', () => {
  it('marks every file not undoable, with why, when the snapshot fails, and reports it', async () => {
    const reported: string[] = [];
    const before = await snapshotsBefore(['a.txt', 'b.txt', 'a.txt'], () => Promise.reject(new Error('disk gone')), async (reason) => {
      reported.push(reason);
    });
    assert.deepEqual(before, [
      { path: 'a.txt', notKept: `${NO_SNAPSHOT} (disk gone)` },
      { path: 'b.txt', notKept: `${NO_SNAPSHOT} (disk gone)` },
    ]);
    assert.deepEqual(reported, [`${NO_SNAPSHOT} (disk gone)`]);
  });

  it('hands back the snapshots taken, reporting nothing, when the snapshot works', async () => {
    const taken: FileSnapshot[] = [{ path: 'a.txt', content: 'A' }];
    const reported: string[] = [];
    const before = await snapshotsBefore(['a.txt'], async () => taken, async (reason) => {
      reported.push(reason);
    });
    assert.deepEqual(before, taken);
    assert.deepEqual(reported, []);
  });

  it('leaves the file for Undo run to refuse as not undoable rather than restore', async () => {
    const before = await snapshotsBefore(['a.txt'], () => Promise.reject(new Error('disk gone')), async () => undefined);
    const workspace = new MemoryWorkspace({ 'a.txt': 'written by E1' });
    const result = await undoRun(workspace, { touches: [{ stepId: 'E1', at: 1, before, after: [{ path: 'a.txt', content: 'written by E1' }] }] });
    assert.deepEqual(result.restored, []);
    assert.equal(result.refused.length, 1);
    assert.match(result.refused[0]!.reason, /not undoable: no snapshot \(disk gone\)/);
    assert.equal(workspace.files.get('a.txt'), 'written by E1');
  });
});
