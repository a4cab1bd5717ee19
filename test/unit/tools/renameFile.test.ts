import * as assert from 'node:assert/strict';
import { access, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { renameFileTool, renameOutcome } from '../../../src/core/tools/renameFile';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { assertToolError, MemoryWorkspace, toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('renameFileTool', () => {
  let root: string;
  let workspace: NodeWorkspace;
  beforeEach(async () => {
    root = await makeTempDir();
    workspace = new NodeWorkspace(root);
    await writeFile(path.join(root, 'a.txt'), 'A');
    await writeFile(path.join(root, 'b.txt'), 'B');
  });
  afterEach(() => removeTempDir(root));

  it('moves the file, creating the target folder', async () => {
    await renameFileTool.execute({ from: 'a.txt', to: 'moved/a.txt' }, toolContext({ workspace }));
    assert.equal(await readFile(path.join(root, 'moved/a.txt'), 'utf8'), 'A');
    await assert.rejects(access(path.join(root, 'a.txt')));
  });

  it('fails definite and overwrites nothing when the target exists', async () => {
    await assertToolError(renameFileTool.execute({ from: 'a.txt', to: 'b.txt' }, toolContext({ workspace })), 'definite', 'fileExists');
    assert.equal(await readFile(path.join(root, 'b.txt'), 'utf8'), 'B');
    assert.equal(await readFile(path.join(root, 'a.txt'), 'utf8'), 'A');
  });

  it('fails definite when the source is missing', async () => {
    await assertToolError(renameFileTool.execute({ from: 'none.txt', to: 'c.txt' }, toolContext({ workspace })), 'definite', 'fileNotFound');
  });

  it('fails definite when the port finds the target taken after all (a race)', async () => {
    const memory = new MemoryWorkspace({ 'a': 'x' });
    const racing = Object.assign(Object.create(memory) as MemoryWorkspace, {
      rename: async () => {
        memory.files.set('b', 'sneaked in');
        return memory.rename('a', 'b');
      },
    });
    await assertToolError(renameFileTool.execute({ from: 'a', to: 'b' }, toolContext({ workspace: racing })), 'definite', 'fileExists');
  });

  it('reports an I/O error while renaming as ambiguous', async () => {
    const memory = new MemoryWorkspace({ 'a': 'x' });
    memory.failNext('rename', new Error('EIO'));
    await assertToolError(renameFileTool.execute({ from: 'a', to: 'b' }, toolContext({ workspace: memory })), 'ambiguous', 'ioError');
  });

  it('settles: source gone and target present is done, the reverse notDone, anything else cannot tell', async () => {
    const file = { type: 'file' as const, size: 1 };
    assert.equal(renameOutcome(undefined, file), 'done');
    assert.equal(renameOutcome(file, undefined), 'notDone');
    assert.equal(renameOutcome(file, file), 'cannotTell');
    assert.equal(renameOutcome(undefined, undefined), 'cannotTell');
    const memory = new MemoryWorkspace({ 'b': 'x' });
    assert.equal(await renameFileTool.statusRead!({ from: 'a', to: 'b' }, toolContext({ workspace: memory }), []), 'done');
  });

  it('writes both paths and is not idempotent', () => {
    assert.deepEqual(renameFileTool.writes({ from: 'a', to: 'b' }), ['a', 'b']);
    assert.equal(renameFileTool.effect({ from: 'a', to: 'b' }, {}), 'nonIdempotent');
  });
});
