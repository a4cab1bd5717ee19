// Unit tests of `planwright validate`: called directly with a fake CliIo, plus one run of the bundled CLI.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { CliIo } from '../../../src/cli/cliIo';
import { runCli } from '../../../src/cli/runCli';
import { examplePlan } from './planFixtures';
import { budgetMs } from '../../../scripts/testing/timeBudget';

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
    assert.equal(result.stderr, 'planwright validate: . is a folder, not a file\n');
  });

  it('explains wrong usage', async () => {
    assert.match((await cli(['validate'], dir)).stderr, /missing plan file; see planwright validate --help/);
    assert.match((await cli(['validate', 'a', '--strict'], dir)).stderr, /unknown option --strict/);
    assert.match((await cli(['validate', 'a', '--workspace'], dir)).stderr, /--workspace needs a folder/);
    assert.equal((await cli(['validate', '--help'], dir)).code, 0);
  });

  it('validates each of several files, naming the file on each line, and exits 2 when any has a problem', async () => {
    const bad = examplePlan();
    bad.steps[0].tool = 'wrteFile';
    const result = await cli(['validate', write('a.plan.json', examplePlan()), write('b.plan.json', bad), 'missing.plan.json'], dir);
    assert.equal(result.code, 2);
    const lines = result.stdout.trimEnd().split('\n');
    assert.equal(lines[0], 'a.plan.json: valid: 3 steps');
    assert.match(lines[1], /^b\.plan\.json: E1\.tool: unknown tool "wrteFile"/);
    assert.equal(lines.length, 2);
    assert.match(result.stderr, /^b\.plan\.json: 1 problem\nplanwright validate: file not found: missing\.plan\.json\n$/);
    assert.equal((await cli(['validate', 'a.plan.json', 'a.plan.json'], dir)).code, 0);
  });

  describe('--workspace', () => {
    it('accepts a plan whose paths stay inside the folder', async () => {
      mkdirSync(path.join(dir, 'ws', 'src'), { recursive: true });
      writeFileSync(path.join(dir, 'ws', 'src', 'cli.ts'), 'const flags = [];\n');
      const result = await cli(['validate', write('ok.plan.json', examplePlan()), '--workspace', 'ws'], dir);
      assert.deepEqual(result, { code: 0, stdout: 'valid: 3 steps\n', stderr: '' });
    });

    it('reports a file a step needs that the folder lacks and no earlier step creates', async () => {
      mkdirSync(path.join(dir, 'ws'));
      const result = await cli(['validate', write('ok.plan.json', examplePlan()), '--workspace', 'ws'], dir);
      assert.equal(result.code, 2);
      assert.deepEqual(result.stdout.trimEnd().split('\n'), [
        'E1.args.path: "src/cli.ts" does not exist in the workspace, and no step before E1 creates it',
        'E2.args.path: "src/cli.ts" does not exist in the workspace, and no step before E2 creates it',
      ]);
    });

    it('accepts a file that a step the reader waits for writes first, but not one written by a step it does not wait for', async () => {
      mkdirSync(path.join(dir, 'ws'));
      const plan = {
        version: 1,
        goal: 'write, then read',
        steps: [
          { id: 'W', title: 'Write', tool: 'writeFile', args: { path: 'new.txt', content: 'x' }, postcondition: { kind: 'fileExists', path: 'new.txt' } },
          { id: 'R', title: 'Read after', tool: 'readFile', args: { path: 'new.txt' }, dependsOn: ['W'] },
          { id: 'Q', title: 'Read alongside', tool: 'readFile', args: { path: 'new.txt' } },
          { id: 'X', title: 'Read an output', tool: 'readFile', args: { path: '#R' } },
        ],
      };
      const result = await cli(['validate', write('chain.plan.json', plan), '--workspace', 'ws'], dir);
      assert.equal(result.code, 2);
      assert.equal(result.stdout, 'Q.args.path: "new.txt" does not exist in the workspace, and no step before Q creates it\n');
    });

    it('accepts a file that a sub-plan the reader waits for creates in its scope folder', async () => {
      mkdirSync(path.join(dir, 'ws'));
      const plan = {
        version: 1,
        goal: 'delegate, then read',
        steps: [
          { id: 'S', title: 'Write one/x.txt', tool: 'subplan', args: { goal: 'Write one/x.txt', scope: ['one'] }, postcondition: { kind: 'fileExists', path: 'one/x.txt' } },
          { id: 'R', title: 'Read it', tool: 'readFile', args: { path: 'one/x.txt' }, dependsOn: ['S'] },
          { id: 'Q', title: 'Read elsewhere', tool: 'readFile', args: { path: 'two/y.txt' }, dependsOn: ['S'] },
        ],
      };
      const result = await cli(['validate', write('sub.plan.json', plan), '--workspace', 'ws'], dir);
      assert.equal(result.stdout, 'Q.args.path: "two/y.txt" does not exist in the workspace, and no step before Q creates it\n');
    });

    it('accepts every plan of the demo workspace against it, and catches one written for another project', async () => {
      const demo = path.join(ROOT, 'examples', 'demo-workspace');
      const plans = ['add-verbose-flag.plan.json', 'failing-step.plan.json'].map((name) => path.join(demo, name));
      const result = await cli(['validate', ...plans, '--workspace', demo], dir);
      assert.equal(result.code, 0, result.stdout + result.stderr);
      const foreign = await cli(['validate', write('other.plan.json', examplePlan()), '--workspace', demo], dir);
      assert.equal(foreign.code, 2);
      assert.match(foreign.stdout, /^E1\.args\.path: "src\/cli\.ts" does not exist in the workspace/);
    });

    it('fails when the folder does not exist', async () => {
      const result = await cli(['validate', write('ok.plan.json', examplePlan()), '--workspace=nowhere'], dir);
      assert.deepEqual(result, { code: 2, stdout: '', stderr: 'planwright validate: workspace folder not found: nowhere\n' });
    });

    it('reports a path that leaves the folder through a symlink', async () => {
      mkdirSync(path.join(dir, 'ws'));
      mkdirSync(path.join(dir, 'outside'));
      writeFileSync(path.join(dir, 'outside', 'cli.ts'), 'const flags = [];\n');
      symlinkSync(path.join(dir, 'outside'), path.join(dir, 'ws', 'src'));
      const result = await cli(['validate', write('ok.plan.json', examplePlan()), '--workspace', 'ws'], dir);
      assert.equal(result.code, 2);
      assert.deepEqual(result.stdout.trimEnd().split('\n').map((line) => line.split(':')[0]), ['E1.args.path', 'E2.args.path', 'E2.postcondition.path']);
      assert.match(result.stdout, /outside the workspace/);
    });
  });

  it('loads node:fs/promises (with the --workspace checks) only when --workspace is given', function () {
    this.timeout(budgetMs(20_000));
    const file = path.join(dir, write('ok.plan.json', examplePlan()));
    const loads = (args: string[]): string => {
      const script = `require(${JSON.stringify(path.join(ROOT, 'out', 'src', 'cli', 'runCli.js'))})
        .runCli(${JSON.stringify(args)}, { stdout: process.stdout, stderr: process.stderr, env: {}, cwd: ${JSON.stringify(dir)} })
        .then((code) => process.stdout.write(\` exit \${code}, fs/promises \${process.moduleLoadList.includes('NativeModule fs/promises')}\`));`;
      const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
      return child.stdout.split('\n').at(-1)!;
    };
    assert.equal(loads(['validate', file]), ' exit 0, fs/promises false');
    assert.equal(loads(['validate', file, '--workspace', dir]), ' exit 2, fs/promises true');
  });

  it('works as the bundled CLI (node esbuild.js, then node dist/cli.js validate)', function () {
    this.timeout(budgetMs(60_000));
    const built = spawnSync(process.execPath, [path.join(ROOT, 'esbuild.js')], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    const bundle = path.join(ROOT, 'dist', 'cli.js');
    const demo = path.join(ROOT, 'examples', 'demo-workspace');
    const valid = spawnSync(process.execPath, [bundle, 'validate', path.join(demo, 'add-verbose-flag.plan.json'), '--workspace', demo], { encoding: 'utf8' });
    assert.equal(valid.status, 0, valid.stderr);
    assert.equal(valid.stdout, 'valid: 6 steps\n');
    const broken = spawnSync(process.execPath, [bundle, 'validate', write('broken.plan.json', '{"version": 1,,}')], { cwd: dir, encoding: 'utf8' });
    assert.equal(broken.status, 2);
    assert.equal(broken.stdout, 'broken.plan.json: invalid JSON at line 1, column 15: Expected double-quoted property name\n');
    assert.doesNotMatch(broken.stderr, /\bat .*\.js:\d+/);
    // zod's locales other than English are left out of the bundle; its English messages stay.
    const code = readFileSync(bundle, 'utf8');
    assert.ok(code.includes('Invalid input'));
    assert.ok(!code.includes('Ungültige Eingabe'), "zod's German locale is in the bundle");
  });
});
