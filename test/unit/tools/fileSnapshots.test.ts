import * as assert from 'node:assert/strict';
import { UndoConflictError } from '../../../src/core/errors';
import { editFileTool } from '../../../src/core/tools/editFile';
import { generateTool } from '../../../src/core/tools/generate';
import { renameFileTool } from '../../../src/core/tools/renameFile';
import { runCommandTool } from '../../../src/core/tools/runCommand';
import { readFileTool } from '../../../src/core/tools/readFile';
import { takeSnapshots, undoFromSnapshots, undoMethod } from '../../../src/core/tools/fileSnapshots';
import { DEFAULT_TOOL_LIMITS } from '../../../src/core/tools/defineTool';
import { MemoryWorkspace, toolContext } from '../support/fakePorts';

const LIMIT = DEFAULT_TOOL_LIMITS.maxReadBytes;

describe('takeSnapshots', () => {
  it('reads only the given paths, once each, recording missing files as null', async () => {
    const workspace = new MemoryWorkspace({ 'a.txt': 'A', 'untouched.txt': 'U' });
    const snapshots = await takeSnapshots(workspace, ['a.txt', 'new.txt', 'a.txt'], LIMIT);
    assert.deepEqual(snapshots, [
      { path: 'a.txt', content: 'A' },
      { path: 'new.txt', content: null },
    ]);
  });
});

describe('undoFromSnapshots', () => {
  it('restores changed files, deletes files the step created, and touches nothing else', async () => {
    const workspace = new MemoryWorkspace({ 'a.txt': 'A', 'other.txt': 'O' });
    const before = await takeSnapshots(workspace, ['a.txt', 'new.txt'], LIMIT);
    await workspace.writeFile('a.txt', 'A2');
    await workspace.writeFile('new.txt', 'N');
    await workspace.writeFile('other.txt', 'changed by the user');
    const result = await undoFromSnapshots(workspace, before);
    assert.deepEqual(result, { restored: ['a.txt', 'new.txt'], unchanged: [] });
    assert.deepEqual(Object.fromEntries(workspace.files), { 'a.txt': 'A', 'other.txt': 'changed by the user' });
  });

  it('undoes a rename through the snapshots of both paths', async () => {
    const workspace = new MemoryWorkspace({ 'old.ts': 'code' });
    const input = { from: 'old.ts', to: 'new.ts' };
    const before = await takeSnapshots(workspace, renameFileTool.writes(input), LIMIT);
    await renameFileTool.execute(input, toolContext({ workspace }));
    const after = await takeSnapshots(workspace, renameFileTool.writes(input), LIMIT);
    await undoFromSnapshots(workspace, before, after);
    assert.deepEqual(Object.fromEntries(workspace.files), { 'old.ts': 'code' });
  });

  it('refuses, changing nothing, when a file changed after the step finished', async () => {
    const workspace = new MemoryWorkspace({ 'a.txt': 'A', 'b.txt': 'B' });
    const before = await takeSnapshots(workspace, ['a.txt', 'b.txt'], LIMIT);
    await workspace.writeFile('a.txt', 'A2');
    await workspace.writeFile('b.txt', 'B2');
    const after = await takeSnapshots(workspace, ['a.txt', 'b.txt'], LIMIT);
    await workspace.writeFile('b.txt', 'B3 by the user');
    await assert.rejects(undoFromSnapshots(workspace, before, after), (error: unknown) => {
      assert.ok(error instanceof UndoConflictError);
      assert.deepEqual(error.paths, ['b.txt']);
      return true;
    });
    assert.deepEqual(Object.fromEntries(workspace.files), { 'a.txt': 'A2', 'b.txt': 'B3 by the user' });
  });

  it('overwrites a later change only when forced', async () => {
    const workspace = new MemoryWorkspace({ 'a.txt': 'A' });
    const before = await takeSnapshots(workspace, ['a.txt'], LIMIT);
    const after = [{ path: 'a.txt', content: 'A2' }];
    await workspace.writeFile('a.txt', 'A3 by the user');
    await undoFromSnapshots(workspace, before, after, { force: true });
    assert.equal(workspace.files.get('a.txt'), 'A');
  });

  it('reports files that already have their old content as unchanged', async () => {
    const workspace = new MemoryWorkspace({ 'a.txt': 'A' });
    const result = await undoFromSnapshots(workspace, [{ path: 'a.txt', content: 'A' }, { path: 'b.txt', content: null }], []);
    assert.deepEqual(result, { restored: [], unchanged: ['a.txt', 'b.txt'] });
  });
});

describe('undoMethod', () => {
  it('is nothing for reads, snapshots for file tools, compensation for commands', () => {
    assert.equal(undoMethod(readFileTool, { path: 'a' }, {}), 'nothing');
    assert.equal(undoMethod(generateTool, { instruction: 'x' }, {}), 'nothing');
    assert.equal(undoMethod(editFileTool, { path: 'a', edits: [{ find: 'a', replace: 'b' }] }, {}), 'snapshots');
    assert.equal(undoMethod(runCommandTool, { command: 'git push' }, {}), 'compensation');
  });
});
