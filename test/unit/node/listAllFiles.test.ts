import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { listAllFiles, listWithGit, listWithRipgrep } from '../../../src/node/listAllFiles';
import { WorkspaceResolver } from '../../../src/node/workspaceResolver';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const MISSING = { git: 'planwright-no-such-git', ripgrep: 'planwright-no-such-rg' };

function installed(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function put(root: string, files: Record<string, string>): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
}

function git(root: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd: root, stdio: 'ignore' });
}

/** What every source must list for the fixture below. */
const EXPECTED = ['.gitignore', 'keep.log', 'src/a.ts', 'src/b.ts', 'sub/.gitignore', 'sub/visible.txt', 'untracked.txt'];

describe('listAllFiles', () => {
  let root: string;

  before(async function () {
    if (!installed('git')) this.skip();
    root = await makeTempDir();
    await put(root, {
      '.gitignore': 'build/\n*.log\n!keep.log\n',
      'src/a.ts': 'a',
      'src/b.ts': 'b',
      'build/out.js': 'ignored folder',
      'debug.log': 'ignored file',
      'keep.log': 'negated rule',
      'sub/.gitignore': 'secret.txt\n',
      'sub/secret.txt': 'ignored by a nested .gitignore',
      'sub/visible.txt': 'v',
      'node_modules/x/index.js': 'always skipped',
    });
    git(root, 'init', '-q');
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'fixture');
    await put(root, { 'untracked.txt': 'not added yet' });
  });

  after(async () => {
    if (root) await removeTempDir(root);
  });

  it("lists from git's index in a work tree, leaving out what the .gitignore files leave out", async () => {
    const listing = await listAllFiles(new WorkspaceResolver(root));
    assert.equal(listing.source, 'git');
    assert.deepEqual([...listing.files].sort(), EXPECTED);
  });

  it('lists the same files with ripgrep and with the walk', async function () {
    const walk = await listAllFiles(new WorkspaceResolver(root), MISSING);
    assert.equal(walk.source, 'walk');
    assert.deepEqual([...walk.files].sort(), EXPECTED);
    if (!installed('rg')) this.skip();
    const ripgrep = await listAllFiles(new WorkspaceResolver(root), { git: MISSING.git, ripgrep: 'rg' });
    assert.equal(ripgrep.source, 'ripgrep');
    assert.deepEqual([...ripgrep.files].sort(), EXPECTED);
  });

  it('falls back from git to ripgrep outside a work tree, and to the walk when neither can run', async function () {
    const plain = await makeTempDir();
    try {
      await put(plain, { '.gitignore': 'out/\n', 'out/x.js': 'x', 'a.txt': 'a' });
      assert.equal(await listWithGit(plain), undefined);
      assert.equal(await listWithRipgrep(plain, MISSING.ripgrep), undefined);
      const walk = await listAllFiles(new WorkspaceResolver(plain), MISSING);
      assert.deepEqual([walk.source, [...walk.files].sort()], ['walk', ['.gitignore', 'a.txt']]);
      if (!installed('rg')) this.skip();
      const listing = await listAllFiles(new WorkspaceResolver(plain));
      assert.deepEqual([listing.source, [...listing.files].sort()], ['ripgrep', ['.gitignore', 'a.txt']]);
    } finally {
      await removeTempDir(plain);
    }
  });
});
