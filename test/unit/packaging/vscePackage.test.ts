// `vsce package` of this folder says nothing to act on: vsce's own packaging (the manifest's `vsce` options, then
// collect, check and zip, as `vsce package` does after its prepublish build) logs no warning and asks no question.
// It runs in-process so each warning is caught where vsce logs it, in any terminal or CI; it packs the dist/ the
// unit build made (the prepublish step only minifies the same bundles). A scratch extension without a repository
// shows the catch works.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { makeTempDir, removeTempDir } from '../support/tempDir';

/** vsce's log and prompt (its `util` module), which its packaging calls through the module object. */
const vsceUtil = require('@vscode/vsce/out/util') as {
  log: Record<'warn' | 'info' | 'done', (message: string) => void>;
  read: (question: string) => Promise<string>;
  patchOptionsWithManifest: (options: object, manifest: unknown) => void;
};
const vscePackage = require('@vscode/vsce/out/package') as { pack: (options: { cwd: string; packagePath: string }) => Promise<unknown> };

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** What vsce said while packing `cwd` into `packagePath`: its warnings, its questions (answered no) and an error. */
async function packListening(cwd: string, packagePath: string): Promise<{ warnings: string[]; questions: string[]; error?: string }> {
  const warnings: string[] = [];
  const questions: string[] = [];
  const saved = { ...vsceUtil.log };
  const read = vsceUtil.read;
  Object.assign(vsceUtil.log, { warn: (message: string) => warnings.push(message), info: () => undefined, done: () => undefined });
  vsceUtil.read = async (question) => {
    questions.push(question);
    return 'n';
  };
  try {
    const options = { cwd, packagePath };
    vsceUtil.patchOptionsWithManifest(options, JSON.parse(await readFile(path.join(cwd, 'package.json'), 'utf8')));
    await vscePackage.pack(options);
    return { warnings, questions };
  } catch (error) {
    return { warnings, questions, error: error instanceof Error ? error.message : String(error) };
  } finally {
    Object.assign(vsceUtil.log, saved);
    vsceUtil.read = read;
  }
}

describe('vsce package', function () {
  // vsce walks the tree and zips the bundles; on a loaded machine that takes seconds.
  this.timeout(120_000);
  let dir = '';

  beforeEach(async () => {
    dir = await makeTempDir();
  });

  afterEach(async () => {
    await removeTempDir(dir);
  });

  it('packages this extension with no warning and no question', async () => {
    const vsix = path.join(dir, 'planwright.vsix');
    assert.deepEqual(await packListening(ROOT, vsix), { warnings: [], questions: [] });
    assert.ok(existsSync(vsix));
  });

  it('would catch a warning and a question: an extension without a repository gets both', async () => {
    const sample = path.join(dir, 'sample');
    await mkdir(sample);
    const manifest = { name: 'sample', publisher: 'sample', version: '0.0.1', license: 'MIT', engines: { vscode: '^1.100.0' }, vsce: { dependencies: false } };
    await writeFile(path.join(sample, 'package.json'), JSON.stringify(manifest));
    await writeFile(path.join(sample, 'README.md'), '# Sample\n\nA scratch extension.\n');
    await writeFile(path.join(sample, 'LICENSE'), 'MIT\n');
    const said = await packListening(sample, path.join(dir, 'sample.vsix'));
    assert.equal(said.warnings.length, 1);
    assert.match(said.warnings[0] ?? '', /'repository' field is missing/);
    assert.equal(said.questions.length, 1);
    assert.equal(said.error, 'Aborted');
  });
});
