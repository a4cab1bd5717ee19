import * as assert from 'node:assert/strict';
import { access, mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { deleteFileTool } from '../../../src/core/tools/deleteFile';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { assertToolError, MemoryWorkspace, toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('deleteFileTool', () => {
  let root: string;
  let workspace: NodeWorkspace;
  beforeEach(async () => {
    root = await makeTempDir();
    workspace = new NodeWorkspace(root);
    await writeFile(path.join(root, 'old.txt'), 'bye');
  });
  afterEach(() => removeTempDir(root));

  it('deletes the file', async () => {
    const output = await deleteFileTool.execute({ path: 'old.txt' }, toolContext({ workspace }));
    await assert.rejects(access(path.join(root, 'old.txt')));
    assert.equal(output.text, 'Deleted old.txt');
  });

  it('fails definite for a missing file', async () => {
    await assertToolError(deleteFileTool.execute({ path: 'gone.txt' }, toolContext({ workspace })), 'definite', 'fileNotFound');
  });

  it('fails definite for a folder', async () => {
    await mkdir(path.join(root, 'dir'));
    await assertToolError(deleteFileTool.execute({ path: 'dir' }, toolContext({ workspace })), 'definite', 'notAFile');
  });

  it('reports an I/O error while deleting as ambiguous', async () => {
    const memory = new MemoryWorkspace({ 'a': 'x' });
    memory.failNext('deleteFile', new Error('EBUSY'));
    await assertToolError(deleteFileTool.execute({ path: 'a' }, toolContext({ workspace: memory })), 'ambiguous', 'ioError');
  });

  it('settles as done when the file is absent and notDone when it is still there', async () => {
    const memory = new MemoryWorkspace({ 'kept': 'x' });
    const context = toolContext({ workspace: memory });
    assert.equal(await deleteFileTool.statusRead!({ path: 'gone' }, context, []), 'done');
    assert.equal(await deleteFileTool.statusRead!({ path: 'kept' }, context, []), 'notDone');
  });

  it('settles as cannotTell, never done, when the status read itself fails', async () => {
    const memory = new MemoryWorkspace({ 'kept': 'x' });
    memory.failNext('stat', new Error('EIO: i/o error, stat'));
    assert.equal(await deleteFileTool.statusRead!({ path: 'kept' }, toolContext({ workspace: memory }), []), 'cannotTell');
  });

  it('is idempotent', () => {
    assert.equal(deleteFileTool.effect({ path: 'a' }, {}), 'idempotent');
  });
});
