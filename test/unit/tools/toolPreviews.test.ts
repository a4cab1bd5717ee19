// Each tool's approval preview: what the user sees before approving — the exact command, or every file it
// changes with its content now and after, computed without changing anything.
import * as assert from 'node:assert/strict';
import { approvalPreview } from '../../../src/core/executor/approvalPreview';
import { MemoryWorkspace } from '../support/fakePorts';

describe('tool previews', () => {
  const workspace = () => new MemoryWorkspace({ 'a.txt': 'one\ntwo\n', 'b.txt': 'bee' });

  it('shows editFile, appendFile and writeFile as the file before and after, and writes nothing', async () => {
    const files = workspace();
    assert.deepEqual(await approvalPreview('editFile', { path: 'a.txt', edits: [{ find: 'two', replace: '2' }] }, files), {
      kind: 'fileChanges',
      changes: [{ path: 'a.txt', before: 'one\ntwo\n', after: 'one\n2\n' }],
    });
    assert.deepEqual(await approvalPreview('appendFile', { path: 'new.txt', content: 'x' }, files), {
      kind: 'fileChanges',
      changes: [{ path: 'new.txt', before: null, after: 'x' }],
    });
    assert.deepEqual(await approvalPreview('writeFile', { path: 'b.txt', content: 'B' }, files), {
      kind: 'fileChanges',
      changes: [{ path: 'b.txt', before: 'bee', after: 'B' }],
    });
    assert.deepEqual(Object.fromEntries(files.files), { 'a.txt': 'one\ntwo\n', 'b.txt': 'bee' });
  });

  it('shows a delete as the file going away and a rename as both paths', async () => {
    assert.deepEqual(await approvalPreview('deleteFile', { path: 'b.txt' }, workspace()), {
      kind: 'fileChanges',
      changes: [{ path: 'b.txt', before: 'bee', after: null }],
    });
    assert.deepEqual(await approvalPreview('renameFile', { from: 'b.txt', to: 'c.txt' }, workspace()), {
      kind: 'fileChanges',
      changes: [
        { path: 'b.txt', before: 'bee', after: null },
        { path: 'c.txt', before: null, after: 'bee' },
      ],
    });
  });

  it('shows the exact command and folder, the instruction of a model edit, and nothing for a read', async () => {
    assert.deepEqual(await approvalPreview('runCommand', { command: 'npm test', cwd: 'pkg' }, workspace()), { kind: 'command', command: 'npm test', cwd: 'pkg' });
    assert.deepEqual(await approvalPreview('proposeEdit', { path: 'a.txt', instruction: 'shout' }, workspace()), { kind: 'modelEdit', path: 'a.txt', instruction: 'shout' });
    assert.deepEqual(await approvalPreview('readFile', { path: 'a.txt' }, workspace()), { kind: 'none' });
  });

  it('says why an editFile whose find does not apply cannot apply, leaving the file unchanged', async () => {
    const preview = await approvalPreview('editFile', { path: 'a.txt', edits: [{ find: 'three', replace: '3' }] }, workspace());
    assert.deepEqual(preview, {
      kind: 'fileChanges',
      changes: [{ path: 'a.txt', before: 'one\ntwo\n', after: 'one\ntwo\n', problem: 'find text "three" not found in a.txt' }],
    });
  });

  it('names the edit and the count when a find occurs more than once, and a missing file', async () => {
    const files = new MemoryWorkspace({ 'a.txt': 'x x' });
    const twice = await approvalPreview('editFile', { path: 'a.txt', edits: [{ find: 'x', replace: 'y' }, { find: 'x', replace: 'z' }] }, files);
    assert.equal(twice.kind === 'fileChanges' ? twice.changes[0]?.problem : undefined, 'edit 1 of 2: find text "x" occurs 2 times in a.txt');
    const missing = await approvalPreview('editFile', { path: 'gone.txt', edits: [{ find: 'x', replace: 'y' }] }, files);
    assert.equal(missing.kind === 'fileChanges' ? missing.changes[0]?.problem : undefined, 'gone.txt does not exist');
  });
});
