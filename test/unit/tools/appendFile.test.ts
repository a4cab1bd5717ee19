import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { appendFileTool, appendOutcome } from '../../../src/core/tools/appendFile';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { assertToolError, MemoryWorkspace, toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('appendFileTool', () => {
  let root: string;
  let workspace: NodeWorkspace;
  beforeEach(async () => {
    root = await makeTempDir();
    workspace = new NodeWorkspace(root);
  });
  afterEach(() => removeTempDir(root));

  it('appends to an existing file', async () => {
    await writeFile(path.join(root, 'log.txt'), 'a\n');
    const output = await appendFileTool.execute({ path: 'log.txt', content: 'b\n' }, toolContext({ workspace }));
    assert.equal(await readFile(path.join(root, 'log.txt'), 'utf8'), 'a\nb\n');
    assert.equal(output.text, 'Appended 1 lines to log.txt');
  });

  it('creates a missing file and its folders', async () => {
    await appendFileTool.execute({ path: 'new/log.txt', content: 'first' }, toolContext({ workspace }));
    assert.equal(await readFile(path.join(root, 'new/log.txt'), 'utf8'), 'first');
  });

  it('fails definite when a folder is in the way', async () => {
    await mkdir(path.join(root, 'dir'));
    await assertToolError(appendFileTool.execute({ path: 'dir', content: 'x' }, toolContext({ workspace })), 'definite', 'notAFile');
  });

  it('reports an I/O error during the append as ambiguous', async () => {
    const memory = new MemoryWorkspace();
    memory.failNext('appendFile', new Error('EIO'));
    await assertToolError(appendFileTool.execute({ path: 'a', content: 'x' }, toolContext({ workspace: memory })), 'ambiguous', 'ioError');
  });

  describe('statusRead', () => {
    const input = { path: 'log.txt', content: 'b\n' };

    it('is done when the file is its old content plus the appended text', async () => {
      const memory = new MemoryWorkspace({ 'log.txt': 'a\nb\n' });
      assert.equal(await appendFileTool.statusRead!(input, toolContext({ workspace: memory }), [{ path: 'log.txt', content: 'a\n' }]), 'done');
    });

    it('is notDone when the file is unchanged since the snapshot', async () => {
      const memory = new MemoryWorkspace({ 'log.txt': 'a\n' });
      assert.equal(await appendFileTool.statusRead!(input, toolContext({ workspace: memory }), [{ path: 'log.txt', content: 'a\n' }]), 'notDone');
    });

    it('cannot tell when the file changed some other way, or there is no snapshot', async () => {
      const memory = new MemoryWorkspace({ 'log.txt': 'a\nzzz' });
      const context = toolContext({ workspace: memory });
      assert.equal(await appendFileTool.statusRead!(input, context, [{ path: 'log.txt', content: 'a\n' }]), 'cannotTell');
      assert.equal(await appendFileTool.statusRead!(input, context, []), 'cannotTell');
    });
  });

  describe('appendOutcome', () => {
    it('treats a file that did not exist before as empty', () => {
      assert.equal(appendOutcome(null, 'x', 'x'), 'done');
      assert.equal(appendOutcome(null, null, 'x'), 'notDone');
      assert.equal(appendOutcome('a', null, 'x'), 'cannotTell');
    });
  });

  it('is not idempotent and settles by a status read', () => {
    assert.equal(appendFileTool.effect({ path: 'a', content: 'x' }, {}), 'nonIdempotent');
    assert.equal(appendFileTool.settleMethod({ path: 'a', content: 'x' }, {}), 'statusRead');
  });
});
