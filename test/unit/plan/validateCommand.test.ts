// Unit tests of `planwright validate`: called directly with a fake CliIo, plus one run of the bundled CLI.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { CliIo } from '../../../src/node/cli/cliIo';
import { runCli } from '../../../src/node/cli/runCli';
import { examplePlan } from './planFixtures';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

interface Captured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function cli(args: string[], cwd: string): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd,
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

describe('validateCommand', () => {
  let dir: string;

  beforeEach(() => {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'planwright-validate-')));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const write = (name: string, content: unknown): string => {
    writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    return name;
  };

  it('prints "valid: N steps" and exits 0 for a valid plan', async () => {
    const result = await cli(['validate', write('ok.plan.json', examplePlan())], dir);
    assert.deepEqual(result, { code: 0, stdout: 'valid: 3 steps\n', stderr: '' });
  });

  it('prints one line per problem and exits 2 for an invalid plan', async () => {
    const plan = examplePlan();
    plan.steps[0].tool = 'wrteFile';
    delete (plan.steps[1].args.edits as Record<string, unknown>[])[0].find;
    const result = await cli(['validate', write('bad.plan.json', plan)], dir);
    assert.equal(result.code, 2);
    const lines = result.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0], /^E1\.tool: unknown tool "wrteFile" \(did you mean "writeFile"\?\); known tools: readFile, /);
    assert.equal(lines[1], 'E2.args.edits[0].find: Required');
    assert.equal(result.stderr, 'bad.plan.json: 2 problems\n');
  });

  it('reports bad JSON in one line with line and column', async () => {
    const result = await cli(['validate', write('broken.plan.json', '{\n  "version": 1,\n  "goal": "x"\n  "steps": []\n}')], dir);
    assert.equal(result.code, 2);
    assert.equal(result.stdout, `broken.plan.json: invalid JSON at line 4, column 3: Expected ',' or '}' after property value\n`);
  });

  it('reports a missing file clearly and exits 2', async () => {
    const result = await cli(['validate', 'missing.plan.json'], dir);
    assert.deepEqual(result, { code: 2, stdout: '', stderr: 'planwright validate: file not found: missing.plan.json\n' });
  });

  it('reports a folder given as the plan file', async () => {
    const result = await cli(['validate', '.'], dir);
    assert.equal(result.code, 2);
    assert.equal(result.stderr, 'planwright validate: not a file: .\n');
  });

  it('explains wrong usage', async () => {
    assert.match((await cli(['validate'], dir)).stderr, /missing plan file\nUsage: planwright validate <file> \[--workspace DIR\]/);
    assert.match((await cli(['validate', 'a', 'b'], dir)).stderr, /unexpected argument b/);
    assert.match((await cli(['validate', 'a', '--strict'], dir)).stderr, /unknown option --strict/);
    assert.match((await cli(['validate', 'a', '--workspace'], dir)).stderr, /--workspace needs a folder/);
    assert.equal((await cli(['validate', '--help'], dir)).code, 0);
  });

  describe('--workspace', () => {
    it('accepts a plan whose paths stay inside the folder', async () => {
      mkdirSync(path.join(dir, 'ws', 'src'), { recursive: true });
      const result = await cli(['validate', write('ok.plan.json', examplePlan()), '--workspace', 'ws'], dir);
      assert.deepEqual(result, { code: 0, stdout: 'valid: 3 steps\n', stderr: '' });
    });

    it('fails when the folder does not exist', async () => {
      const result = await cli(['validate', write('ok.plan.json', examplePlan()), '--workspace=nowhere'], dir);
      assert.deepEqual(result, { code: 2, stdout: '', stderr: 'planwright validate: workspace folder not found: nowhere\n' });
    });

    it('reports a path that leaves the folder through a symlink', async () => {
      mkdirSync(path.join(dir, 'ws'));
      mkdirSync(path.join(dir, 'outside'));
      symlinkSync(path.join(dir, 'outside'), path.join(dir, 'ws', 'src'));
      const result = await cli(['validate', write('ok.plan.json', examplePlan()), '--workspace', 'ws'], dir);
      assert.equal(result.code, 2);
      assert.deepEqual(result.stdout.trimEnd().split('\n').map((line) => line.split(':')[0]), ['E1.args.path', 'E2.args.path', 'E2.postcondition.path']);
      assert.match(result.stdout, /outside the workspace/);
    });
  });

  it('works as the bundled CLI (node esbuild.js, then node dist/cli.js validate)', function () {
    this.timeout(60_000);
    const built = spawnSync(process.execPath, [path.join(ROOT, 'esbuild.js')], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    const bundle = path.join(ROOT, 'dist', 'cli.js');
    const valid = spawnSync(process.execPath, [bundle, 'validate', path.join(ROOT, 'examples', 'add-verbose-flag.plan.json')], { encoding: 'utf8' });
    assert.equal(valid.status, 0, valid.stderr);
    assert.equal(valid.stdout, 'valid: 3 steps\n');
    const broken = spawnSync(process.execPath, [bundle, 'validate', write('broken.plan.json', '{"version": 1,,}')], { cwd: dir, encoding: 'utf8' });
    assert.equal(broken.status, 2);
    assert.equal(broken.stdout, 'broken.plan.json: invalid JSON at line 1, column 15: Expected double-quoted property name\n');
    assert.doesNotMatch(broken.stderr, /\bat .*\.js:\d+/);
  });
});
