import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { writeFileTool } from '../../../src/core/tools/writeFile';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { assertToolError, MemoryWorkspace, toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('writeFileTool', () => {
  let root: string;
  let workspace: NodeWorkspace;
  beforeEach(async () => {
    root = await makeTempDir();
    workspace = new NodeWorkspace(root);
  });
  afterEach(() => removeTempDir(root));

  it('creates a file and its parent folders', async () => {
    const output = await writeFileTool.execute({ path: 'a/b/new.txt', content: 'hi\n' }, toolContext({ workspace }));
    assert.equal(await readFile(path.join(root, 'a/b/new.txt'), 'utf8'), 'hi\n');
    assert.equal(output.text, 'Created a/b/new.txt (1 lines)');
    assert.equal(output.details?.created, true);
  });

  it('replaces an existing file', async () => {
    await writeFile(path.join(root, 'x.txt'), 'old');
    const output = await writeFileTool.execute({ path: 'x.txt', content: 'new' }, toolContext({ workspace }));
    assert.equal(await readFile(path.join(root, 'x.txt'), 'utf8'), 'new');
    assert.equal(output.details?.created, false);
  });

  it('fails definite when a folder is in the way', async () => {
    await mkdir(path.join(root, 'dir'));
    await assertToolError(writeFileTool.execute({ path: 'dir', content: 'x' }, toolContext({ workspace })), 'definite', 'notAFile');
  });

  it('fails definite for a path outside the workspace', async () => {
    await assertToolError(writeFileTool.execute({ path: '/tmp/x', content: 'x' }, toolContext({ workspace })), 'definite', 'workspaceEscape');
  });

  it('reports an I/O error during the write as ambiguous', async () => {
    const memory = new MemoryWorkspace();
    memory.failNext('writeFile', Object.assign(new Error('ENOSPC: no space left'), { code: 'ENOSPC' }));
    await assertToolError(writeFileTool.execute({ path: 'a.txt', content: 'x' }, toolContext({ workspace: memory })), 'ambiguous', 'ioError');
  });

  describe('statusRead', () => {
    it('is done when the file holds exactly the content, notDone otherwise', async () => {
      const memory = new MemoryWorkspace({ 'a.txt': 'wanted' });
      const context = toolContext({ workspace: memory });
      assert.equal(await writeFileTool.statusRead!({ path: 'a.txt', content: 'wanted' }, context, []), 'done');
      assert.equal(await writeFileTool.statusRead!({ path: 'a.txt', content: 'other' }, context, []), 'notDone');
      assert.equal(await writeFileTool.statusRead!({ path: 'missing.txt', content: 'x' }, context, []), 'notDone');
    });

    it('cannot tell when the file cannot be read', async () => {
      const memory = new MemoryWorkspace({ 'a.txt': 'x' });
      memory.failNext('readFile', new Error('EIO'));
      assert.equal(await writeFileTool.statusRead!({ path: 'a.txt', content: 'x' }, toolContext({ workspace: memory }), []), 'cannotTell');
    });
  });

  it('is idempotent, writes its path and settles by a status read', () => {
    const input = { path: 'a.txt', content: '' };
    assert.equal(writeFileTool.effect(input, {}), 'idempotent');
    assert.deepEqual(writeFileTool.writes(input), ['a.txt']);
    assert.equal(writeFileTool.settleMethod(input, {}), 'statusRead');
  });
});
