import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { FileChangedError } from '../../../src/core/errors';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { writeLockPath } from '../../../src/node/writeLock';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('NodeWorkspace.writeFileIfUnchanged', () => {
  let dir: string;
  let workspace: NodeWorkspace;
  beforeEach(async () => {
    dir = await makeTempDir();
    workspace = new NodeWorkspace(dir);
  });
  afterEach(() => removeTempDir(dir));

  it('replaces a file that still holds what was seen, leaving no temp or lock file behind', async () => {
    await writeFile(path.join(dir, 'a.txt'), 'seen');
    await workspace.writeFileIfUnchanged('a.txt', 'seen', 'new');
    assert.equal(await readFile(path.join(dir, 'a.txt'), 'utf8'), 'new');
    assert.deepEqual(await readdir(dir), ['a.txt']);
  });

  it('refuses, writing nothing, when the file holds something else, is gone, or appeared where none was seen', async () => {
    await writeFile(path.join(dir, 'a.txt'), 'changed by someone');
    await assert.rejects(workspace.writeFileIfUnchanged('a.txt', 'seen', 'new'), FileChangedError);
    assert.equal(await readFile(path.join(dir, 'a.txt'), 'utf8'), 'changed by someone');
    await assert.rejects(workspace.writeFileIfUnchanged('a.txt', null, 'new'), FileChangedError);
    await assert.rejects(workspace.writeFileIfUnchanged('gone.txt', 'seen', 'new'), FileChangedError);
    assert.deepEqual(await readdir(dir), ['a.txt']);
  });

  it('carries over text appended since the read to the end of the new content', async () => {
    await writeFile(path.join(dir, 'log.txt'), 'seen\nappended meanwhile\n');
    await workspace.writeFileIfUnchanged('log.txt', 'seen\n', 'SEEN\n');
    assert.equal(await readFile(path.join(dir, 'log.txt'), 'utf8'), 'SEEN\nappended meanwhile\n');
  });

  it('creates a file where none was seen', async () => {
    await workspace.writeFileIfUnchanged('sub/b.txt', null, 'made');
    assert.equal(await readFile(path.join(dir, 'sub', 'b.txt'), 'utf8'), 'made');
    assert.deepEqual(await readdir(path.join(dir, 'sub')), ['b.txt']);
  });

  it('takes over the write lock of a process that died holding it', async () => {
    await writeFile(path.join(dir, 'a.txt'), 'seen');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await writeFile(writeLockPath(path.join(dir, 'a.txt')), dead.stdout);
    await workspace.writeFileIfUnchanged('a.txt', 'seen', 'new');
    assert.equal(await readFile(path.join(dir, 'a.txt'), 'utf8'), 'new');
    assert.deepEqual(await readdir(dir), ['a.txt']);
  });
});
