import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { CommandNotStartedError, FileNotFoundError } from '../../../src/core/errors';
import { toToolError } from '../../../src/core/tools/toolFailure';
import { commandFolder } from '../../../src/node/commandFolder';
import { WorkspaceResolver } from '../../../src/node/workspaceResolver';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('commandFolder', () => {
  let root: string;

  beforeEach(async () => {
    root = await makeTempDir();
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'file.txt'), 'x');
  });

  afterEach(() => removeTempDir(root));

  it('gives the absolute folder for the workspace root and a folder inside it', async () => {
    const resolver = new WorkspaceResolver(root);
    assert.equal(await commandFolder(resolver, '.'), await commandFolder(resolver, './'));
    assert.equal(path.basename(await commandFolder(resolver, 'src')), 'src');
  });

  it('fails definitely, before anything starts, for a missing folder, a file, or a folder outside the workspace', async () => {
    const resolver = new WorkspaceResolver(root);
    await assert.rejects(commandFolder(resolver, 'missing'), FileNotFoundError);
    const notFolder = await commandFolder(resolver, 'file.txt').then(
      () => assert.fail('a file was taken for a folder'),
      (error: unknown) => error,
    );
    assert.ok(notFolder instanceof CommandNotStartedError);
    assert.equal(notFolder.message, 'the command could not start in file.txt: it is not a folder');
    for (const error of [notFolder, new FileNotFoundError('missing')]) assert.equal(toToolError(error, 'runCommand').kind, 'definite');
    await assert.rejects(commandFolder(resolver, '../'), (error: Error) => toToolError(error, 'runCommand').kind === 'definite');
  });

  it('fails definitely for a folder the process cannot enter (run as nobody; root enters any folder)', async function () {
    if (process.getuid?.() !== 0) this.skip();
    await chmod(root, 0o755);
    await mkdir(path.join(root, 'locked'), { mode: 0o700 });
    const modules = path.resolve(__dirname, '../../../src/node');
    const script = `const { commandFolder } = require(${JSON.stringify(path.join(modules, 'commandFolder.js'))});
      const { WorkspaceResolver } = require(${JSON.stringify(path.join(modules, 'workspaceResolver.js'))});
      commandFolder(new WorkspaceResolver(${JSON.stringify(root)}), 'locked')
        .then((folder) => console.log(JSON.stringify({ folder })), (e) => console.log(JSON.stringify({ name: e.name, message: e.message })));`;
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['-e', script], { uid: 65534, gid: 65534, cwd: '/' }, (error, out) => (error ? reject(error) : resolve(out))),
    );
    assert.deepEqual(JSON.parse(stdout), { name: 'CommandNotStartedError', message: 'the command could not start in locked: EACCES the folder cannot be entered' });
  });
});
