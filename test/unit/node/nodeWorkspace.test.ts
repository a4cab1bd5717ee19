import * as assert from 'node:assert/strict';
import { chmod, lstat, mkdir, readdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { FileExistsError, FileNotFoundError, WorkspaceEscapeError } from '../../../src/core/errors';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('NodeWorkspace', () => {
  let base: string;
  let root: string;
  let workspace: NodeWorkspace;
  beforeEach(async () => {
    base = await makeTempDir();
    root = path.join(base, 'ws');
    await mkdir(path.join(root, 'src'), { recursive: true });
    await writeFile(path.join(root, 'src/a.ts'), 'A');
    workspace = new NodeWorkspace(root);
  });
  afterEach(() => removeTempDir(base));

  describe('files', () => {
    it('reads, writes (creating folders), appends and stats', async () => {
      assert.equal(await workspace.readFile('src/a.ts'), 'A');
      await workspace.writeFile('deep/er/b.txt', 'B');
      await workspace.appendFile('deep/er/b.txt', '+');
      await workspace.appendFile('fresh/c.txt', 'C');
      assert.equal(await readFile(path.join(root, 'deep/er/b.txt'), 'utf8'), 'B+');
      assert.equal(await readFile(path.join(root, 'fresh/c.txt'), 'utf8'), 'C');
      assert.deepEqual(await workspace.stat('src/a.ts'), { type: 'file', size: 1, readOnly: false });
      assert.deepEqual((await workspace.stat('src'))?.type, 'directory');
      assert.equal(await workspace.stat('nothing'), undefined);
      assert.equal(await workspace.stat('src/a.ts/below'), undefined);
    });

    it('accepts a root given with a trailing slash or as a relative path', async () => {
      assert.equal(await new NodeWorkspace(`${root}/`).readFile('src/a.ts'), 'A');
      assert.equal(await new NodeWorkspace(path.relative(process.cwd(), root)).readFile('src/a.ts'), 'A');
    });

    it('rejects with FileNotFoundError for missing files', async () => {
      await assert.rejects(workspace.readFile('missing'), FileNotFoundError);
      await assert.rejects(workspace.deleteFile('missing'), FileNotFoundError);
      await assert.rejects(workspace.rename('missing', 'x'), FileNotFoundError);
    });

    it('writes atomically, leaving no temp file and keeping the permission bits', async () => {
      await writeFile(path.join(root, 'run.sh'), 'echo 1');
      await chmod(path.join(root, 'run.sh'), 0o755);
      await workspace.writeFile('run.sh', 'echo 2');
      assert.equal((await stat(path.join(root, 'run.sh'))).mode & 0o777, 0o755);
      assert.deepEqual((await readdir(root)).sort(), ['run.sh', 'src']);
    });

    it('renames without ever replacing an existing target', async () => {
      await writeFile(path.join(root, 'b.ts'), 'B');
      await assert.rejects(workspace.rename('src/a.ts', 'b.ts'), FileExistsError);
      assert.equal(await readFile(path.join(root, 'b.ts'), 'utf8'), 'B');
      await workspace.rename('src/a.ts', 'moved/a.ts');
      assert.equal(await readFile(path.join(root, 'moved/a.ts'), 'utf8'), 'A');
      assert.equal(await workspace.stat('src/a.ts'), undefined);
    });

    it('follows a symlink that stays inside for reads and writes, and deletes the link itself', async () => {
      await symlink('src/a.ts', path.join(root, 'alias.ts'));
      assert.equal(await workspace.readFile('alias.ts'), 'A');
      await workspace.writeFile('alias.ts', 'A2');
      assert.equal(await readFile(path.join(root, 'src/a.ts'), 'utf8'), 'A2');
      assert.equal(await readlink(path.join(root, 'alias.ts')), 'src/a.ts');
      await workspace.deleteFile('alias.ts');
      await assert.rejects(lstat(path.join(root, 'alias.ts')));
      assert.equal(await readFile(path.join(root, 'src/a.ts'), 'utf8'), 'A2');
    });

    it('refuses a symlink whose target is a sibling folder sharing the root as a name prefix', async () => {
      await mkdir(path.join(base, 'ws-evil'));
      await writeFile(path.join(base, 'ws-evil', 'secret'), 'S');
      await symlink(path.join(base, 'ws-evil'), path.join(root, 'prefix'));
      await assert.rejects(workspace.readFile('prefix/secret'), WorkspaceEscapeError);
    });
  });

  describe('findFiles', () => {
    beforeEach(async () => {
      const files: Record<string, string> = {
        '.gitignore': 'dist/\n*.log\n!keep.log\n',
        'dist/out.js': '',
        'debug.log': '',
        'keep.log': '',
        'lib/.gitignore': 'generated.ts\n',
        'lib/generated.ts': '',
        'lib/hand.ts': '',
        'lib/vendor/.gitignore': '!generated.ts\n',
        'lib/vendor/generated.ts': '',
        'node_modules/pkg/index.js': '',
        'sub/node_modules/x.js': '',
        '.git/config': '',
        '.github/ci.yml': '',
      };
      for (const [file, content] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(root, file)), { recursive: true });
        await writeFile(path.join(root, file), content);
      }
    });

    it('honours the root and nested .gitignore files, negations included, and skips .git and node_modules', async () => {
      assert.deepEqual(await workspace.findFiles('**/*'), [
        '.github/ci.yml',
        '.gitignore',
        'keep.log',
        'lib/.gitignore',
        'lib/hand.ts',
        'lib/vendor/.gitignore',
        'lib/vendor/generated.ts',
        'src/a.ts',
      ]);
    });

    it('lists only what the glob matches, sorted, up to the limit', async () => {
      assert.deepEqual(await workspace.findFiles('**/*.ts'), ['lib/hand.ts', 'lib/vendor/generated.ts', 'src/a.ts']);
      assert.deepEqual(await workspace.findFiles('**/*.ts', { limit: 2 }), ['lib/hand.ts', 'lib/vendor/generated.ts']);
      assert.deepEqual(await workspace.findFiles('.git/*'), []);
    });

    it('does not list files through a symlinked folder that points outside', async () => {
      await mkdir(path.join(base, 'outside'));
      await writeFile(path.join(base, 'outside', 'secret.txt'), 'S');
      await symlink(path.join(base, 'outside'), path.join(root, 'linked'));
      assert.deepEqual(await workspace.findFiles('linked/*'), []);
      assert.ok(!(await workspace.findFiles('**/*')).some((file) => file.includes('secret')));
    });

    it('refuses globs that climb out of the root', async () => {
      for (const glob of ['../*', '/etc/*', 'a/../../*', '~/x']) {
        await assert.rejects(workspace.findFiles(glob), WorkspaceEscapeError, glob);
      }
    });

    it('lists nothing outside when a brace pattern hides a ".."', async () => {
      await mkdir(path.join(base, 'outside'), { recursive: true });
      await writeFile(path.join(base, 'outside', 'secret.txt'), 'S');
      await writeFile(path.join(base, 'top.txt'), 'T');
      for (const glob of ['{..,src}/*', '{src,..}/**/*', '{..}/outside/*']) {
        const found = await workspace.findFiles(glob);
        assert.ok(found.every((file) => !file.startsWith('..') && !path.isAbsolute(file)), `${glob}: ${found.join(', ')}`);
      }
    });
  });
});
