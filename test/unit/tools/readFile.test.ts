import * as assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { readFileTool } from '../../../src/core/tools/readFile';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { abortedSignal, assertToolError, MemoryWorkspace, toolContext } from '../support/fakePorts';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('readFileTool', () => {
  let root: string;
  let workspace: NodeWorkspace;
  beforeEach(async () => {
    root = await makeTempDir();
    workspace = new NodeWorkspace(root);
    await writeFile(path.join(root, 'notes.txt'), 'one\ntwo\n');
    await mkdir(path.join(root, 'src'));
  });
  afterEach(() => removeTempDir(root));

  it('returns the whole content as text, with size and line count in the details', async () => {
    const output = await readFileTool.execute({ path: 'notes.txt' }, toolContext({ workspace }));
    assert.equal(output.text, 'one\ntwo\n');
    assert.deepEqual(output.details, { path: 'notes.txt', bytes: 8, lines: 2 });
  });

  it('fails definite with fileNotFound for a missing file', async () => {
    await assertToolError(readFileTool.execute({ path: 'missing.txt' }, toolContext({ workspace })), 'definite', 'fileNotFound');
  });

  it('fails definite with notAFile for a folder', async () => {
    await assertToolError(readFileTool.execute({ path: 'src' }, toolContext({ workspace })), 'definite', 'notAFile');
  });

  it('fails definite with workspaceEscape for a path outside the root', async () => {
    await assertToolError(readFileTool.execute({ path: '../x' }, toolContext({ workspace })), 'definite', 'workspaceEscape');
  });

  it('does not start when the signal has already fired', async () => {
    await assertToolError(
      readFileTool.execute({ path: 'notes.txt' }, toolContext({ workspace, signal: abortedSignal() })),
      'definite',
      'cancelled',
    );
  });

  it('reports an unexpected I/O error as ambiguous', async () => {
    const memory = new MemoryWorkspace({ 'a.txt': 'x' });
    memory.failNext('readFile', new Error('EIO: i/o error'));
    await assertToolError(readFileTool.execute({ path: 'a.txt' }, toolContext({ workspace: memory })), 'ambiguous', 'ioError');
  });

  it('is read-only, writes nothing and has nothing to settle', () => {
    assert.equal(readFileTool.effect({ path: 'a' }, {}), 'readOnly');
    assert.deepEqual(readFileTool.writes({ path: 'a' }), []);
    assert.equal(readFileTool.settleMethod({ path: 'a' }, {}), 'none');
  });
});
