import * as assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CheckContext } from '../../../src/core/checks/checkContext';
import { evaluateCheck } from '../../../src/core/checks/evaluateCheck';
import { DEFAULT_TOOL_LIMITS } from '../../../src/core/tools/defineTool';
import { NodeCommandRunner } from '../../../src/node/nodeCommandRunner';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('file checks', () => {
  let root: string;
  let context: CheckContext;
  before(async () => {
    root = await makeTempDir();
    context = {
      workspace: new NodeWorkspace(root),
      commands: new NodeCommandRunner(root),
      limits: DEFAULT_TOOL_LIMITS,
      signal: new AbortController().signal,
    };
    await mkdir(path.join(root, 'src'));
    const cli = Array.from({ length: 112 }, (_, i) => (i === 11 ? 'program.option("--quiet");' : `line ${i + 1}`)).join('\n') + '\n';
    await writeFile(path.join(root, 'src/cli.ts'), cli);
    await writeFile(path.join(root, 'good.json'), '{"a": 1, "b": [2]}');
    await writeFile(path.join(root, 'bad.json'), '{"a": 1,}');
  });
  after(() => removeTempDir(root));

  describe('fileExists', () => {
    it('passes for a file and says its size', async () => {
      assert.deepEqual(await evaluateCheck({ kind: 'fileExists', path: 'good.json' }, context), { ok: true, detail: 'fileExists good.json: found (18 bytes)' });
    });
    it('fails for a missing path or a folder', async () => {
      assert.deepEqual(await evaluateCheck({ kind: 'fileExists', path: 'nope' }, context), { ok: false, detail: 'fileExists nope: not found' });
      assert.deepEqual(await evaluateCheck({ kind: 'fileExists', path: 'src' }, context), { ok: false, detail: 'fileExists src: found a directory, expected a file' });
    });
  });

  describe('fileAbsent', () => {
    it('passes when nothing is there and fails naming what is', async () => {
      assert.deepEqual(await evaluateCheck({ kind: 'fileAbsent', path: 'nope' }, context), { ok: true, detail: 'fileAbsent nope: absent' });
      const result = await evaluateCheck({ kind: 'fileAbsent', path: 'good.json' }, context);
      assert.deepEqual(result, { ok: false, detail: 'fileAbsent good.json: expected nothing, found a file (18 bytes)' });
    });
  });

  describe('fileContains', () => {
    it('fails saying the text was not found and how long the file is', async () => {
      const result = await evaluateCheck({ kind: 'fileContains', path: 'src/cli.ts', text: '--verbose' }, context);
      assert.deepEqual(result, { ok: false, detail: 'fileContains src/cli.ts "--verbose": not found (file has 112 lines)' });
    });
    it('passes naming the line', async () => {
      const result = await evaluateCheck({ kind: 'fileContains', path: 'src/cli.ts', text: '--quiet' }, context);
      assert.deepEqual(result, { ok: true, detail: 'fileContains src/cli.ts "--quiet": found on line 12' });
    });
    it('fails when the file does not exist', async () => {
      const result = await evaluateCheck({ kind: 'fileContains', path: 'x.ts', text: 'a' }, context);
      assert.deepEqual(result, { ok: false, detail: 'fileContains x.ts "a": not found (the file does not exist)' });
    });
  });

  describe('fileMatches', () => {
    it('matches per line (multiline) and names the line', async () => {
      const result = await evaluateCheck({ kind: 'fileMatches', path: 'src/cli.ts', pattern: '^program\\.option\\("--\\w+"\\);$' }, context);
      assert.deepEqual(result, { ok: true, detail: 'fileMatches src/cli.ts /^program\\.option\\("--\\w+"\\);$/m: matched "program.option(\\"--quiet\\");" on line 12' });
    });
    it('fails saying there was no match', async () => {
      const result = await evaluateCheck({ kind: 'fileMatches', path: 'src/cli.ts', pattern: 'verbose' }, context);
      assert.deepEqual(result, { ok: false, detail: 'fileMatches src/cli.ts /verbose/m: no match (file has 112 lines)' });
    });
  });

  describe('jsonValid', () => {
    it('passes for valid JSON and describes its shape', async () => {
      assert.deepEqual(await evaluateCheck({ kind: 'jsonValid', path: 'good.json' }, context), { ok: true, detail: 'jsonValid good.json: valid JSON (an object with 2 keys)' });
    });
    it('fails with the parser message', async () => {
      const result = await evaluateCheck({ kind: 'jsonValid', path: 'bad.json' }, context);
      assert.equal(result.ok, false);
      assert.match(result.detail, /^jsonValid bad\.json: invalid JSON: /);
    });
    it('fails for a missing file', async () => {
      assert.deepEqual(await evaluateCheck({ kind: 'jsonValid', path: 'none.json' }, context), { ok: false, detail: 'jsonValid none.json: the file does not exist' });
    });
  });

  it('fails, marked unevaluable, for a path outside the workspace', async () => {
    const result = await evaluateCheck({ kind: 'fileExists', path: '../outside' }, context);
    assert.equal(result.ok, false);
    assert.equal(result.unevaluable, true);
    assert.match(result.detail, /^fileExists \.\.\/outside: could not be evaluated: Path "\.\.\/outside" is outside the workspace/);
  });
});
