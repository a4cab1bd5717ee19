// Unit tests of what the end of a run says: a succeeded run that changed files says both in one notification,
// every other outcome keeps what it showed, with the files notice beside it when it changed files.
import * as assert from 'node:assert/strict';
import type { FilesChangedNotice } from '../../../src/core/undo/filesChangedNotice';
import { runEndNotices } from '../../../src/core/view/runEndNotices';

const files: FilesChangedNotice = { runId: 'r1', count: 2, names: 'a.js, b.js', files: [] };

describe('runEndNotices', () => {
  it('says a succeeded run changed files in its one notification, with Keep, Undo Run, Show Files and Show Summary', () => {
    assert.deepEqual(runEndNotices('succeeded', files), [{ kind: 'succeeded', where: 'notification', files, actions: ['keep', 'undoRun', 'showFiles', 'showSummary'] }]);
  });

  it('keeps one success notification with Show Summary and Show Trace when the run changed nothing', () => {
    assert.deepEqual(runEndNotices('succeeded', undefined), [{ kind: 'succeeded', where: 'notification', actions: ['showSummary', 'showTrace'] }]);
  });

  it('keeps how a failed or cancelled run ended, and adds the files notice when it changed files', () => {
    const fileNotice = { kind: 'filesChanged', where: 'notification', files, actions: ['keep', 'undoRun', 'showFiles'] };
    assert.deepEqual(runEndNotices('failed', files), [{ kind: 'failed', where: 'notification', actions: ['showLog'] }, fileNotice]);
    assert.deepEqual(runEndNotices('cancelled', files), [{ kind: 'cancelled', where: 'statusBar', actions: [] }, fileNotice]);
    assert.deepEqual(runEndNotices('failed', undefined), [{ kind: 'failed', where: 'notification', actions: ['showLog'] }]);
  });

  it('offers the re-plan of a run that stopped for one, and says a pause in the status bar', () => {
    assert.deepEqual(runEndNotices('needsReplan', undefined), [{ kind: 'needsReplan', where: 'notification', actions: ['replan', 'showLog'] }]);
    assert.deepEqual(runEndNotices('paused', undefined), [{ kind: 'paused', where: 'statusBar', actions: [] }]);
  });

  it('never puts two notifications up for a succeeded run, whatever it changed', () => {
    for (const changed of [files, undefined]) assert.equal(runEndNotices('succeeded', changed).filter((notice) => notice.where === 'notification').length, 1);
  });
});
