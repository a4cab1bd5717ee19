// Every flag and environment variable of `plan`, `run`, `resume`, `undo`, `validate` and `mcp` given a
// wrong value (empty, the wrong type, out of range, a folder where a file belongs and the reverse, a path
// that is not there): each ends with exit 2 and one line naming what is wrong, no stack trace, no model
// call and nothing written anywhere under the test's folder.
import * as assert from 'node:assert/strict';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CliIo } from '../../../src/cli/cliIo';
import { runCli } from '../../../src/cli/runCli';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const PLAN = { version: 1, goal: 'Read', steps: [{ id: 'E1', title: 'Read the name', tool: 'readFile', args: { path: 'name.txt' } }] };

/** One wrong input: the arguments, the environment over a good one, and what the line must name. */
interface BadInput {
  readonly args: readonly string[];
  /** Laid over the good environment; undefined takes a variable out. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly names: string;
}

/** Every file and folder under `root` with its size and modification time: what "nothing written" compares. */
async function listing(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true });
  const lines = await Promise.all(entries.map(async (entry) => {
    const info = await stat(path.join(root, entry));
    return `${entry} ${info.isDirectory() ? 'dir' : info.size} ${info.mtimeMs}`;
  }));
  return lines.sort();
}

describe('bad input at every door of the CLI', () => {
  let dir: string;
  let server: ScriptedModelServer;
  let goodEnv: Record<string, string>;
  const at = (...parts: string[]) => path.join(dir, ...parts);

  before(async () => {
    dir = await makeTempDir();
    server = await ScriptedModelServer.start(() => ({ content: 'unused' }));
    goodEnv = { PLANWRIGHT_BASE_URL: server.baseUrl, PLANWRIGHT_MODEL: 'scripted' };
    await mkdir(at('ws', 'src'), { recursive: true });
    await writeFile(at('ws', 'name.txt'), 'Ada');
    await writeFile(at('read.plan.json'), JSON.stringify(PLAN));
    await writeFile(at('prices.json'), '{}');
    // A real journal, so resume and undo get as far as the flag under test.
    const made = await cli(['run', 'read.plan.json', '--workspace', 'ws', '--journal', 'run.journal.jsonl', '--json'], goodEnv);
    assert.equal(made.code, 0, made.stderr);
  });
  after(async () => {
    await server.close();
    await removeTempDir(dir);
  });

  async function cli(args: readonly string[], env: Readonly<Record<string, string>>): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const io: CliIo = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env, cwd: dir };
    const code = await runCli(args, io);
    return { code, stdout, stderr };
  }

  /** The wrong values every command is given through the environment. */
  const badEnv: readonly BadInput[] = [
    { args: [], env: { PLANWRIGHT_MODEL_TIMEOUT: 'abc' }, names: 'PLANWRIGHT_MODEL_TIMEOUT must be whole seconds from 10 to 3600, not "abc"' },
    { args: [], env: { PLANWRIGHT_MODEL_TIMEOUT: '5' }, names: 'PLANWRIGHT_MODEL_TIMEOUT must be whole seconds from 10 to 3600, not "5"' },
    { args: [], env: { PLANWRIGHT_MODEL_TIMEOUT: '' }, names: 'PLANWRIGHT_MODEL_TIMEOUT is set but empty' },
    { args: [], env: { PLANWRIGHT_PLAN_FORMAT: 'xml' }, names: 'PLANWRIGHT_PLAN_FORMAT must be compact or json, not "xml"' },
    { args: [], env: { PLANWRIGHT_MODEL: '' }, names: 'PLANWRIGHT_MODEL is set but empty' },
    { args: [], env: { PLANWRIGHT_MODEL: 'two words' }, names: 'PLANWRIGHT_MODEL must be a model name without spaces, not "two words"' },
    { args: [], env: { PLANWRIGHT_PLANNER_MODEL: ' ' }, names: 'PLANWRIGHT_PLANNER_MODEL is set but empty' },
    { args: [], env: { PLANWRIGHT_WORKER_MODEL: '' }, names: 'PLANWRIGHT_WORKER_MODEL is set but empty' },
    { args: [], env: { PLANWRIGHT_BASE_URL: 'not-a-url' }, names: 'PLANWRIGHT_BASE_URL must be an http:// or https:// URL' },
    { args: [], env: { PLANWRIGHT_BASE_URL: 'ftp://x' }, names: 'PLANWRIGHT_BASE_URL must be an http:// or https:// URL of the API root (such as http://127.0.0.1:11434/v1), not "ftp://x"' },
    { args: [], env: { PLANWRIGHT_BASE_URL: '' }, names: 'PLANWRIGHT_BASE_URL is set but empty' },
    { args: [], env: { PLANWRIGHT_PROJECT_RULES: 'maybe' }, names: 'PLANWRIGHT_PROJECT_RULES must be on or off, not "maybe"' },
    { args: [], env: { PLANWRIGHT_MODEL: undefined }, names: 'PLANWRIGHT_MODEL is not set: with PLANWRIGHT_BASE_URL set' },
  ];

  /** Each command with arguments that are right but for the environment. */
  const goodArgs: Readonly<Record<string, readonly string[]>> = {
    plan: ['greet', '--workspace', 'ws'],
    run: ['--goal', 'greet', '--workspace', 'ws'],
    resume: ['--journal', 'run.journal.jsonl'],
    undo: ['run.journal.jsonl'],
    validate: ['read.plan.json'],
    mcp: [],
  };

  /** The wrong flag values, command by command. */
  const badFlags: Readonly<Record<string, readonly BadInput[]>> = {
    plan: [
      { args: ['greet', '--workspace', 'missing'], names: 'workspace folder not found' },
      { args: ['greet', '--workspace', 'read.plan.json'], names: 'workspace is not a folder' },
      { args: ['greet', '--workspace', ''], names: '--workspace needs a value' },
      { args: ['greet', '--workspace', 'ws', '--out', 'ws/src'], names: '--out is a folder, not a file: ws/src' },
      { args: ['greet', '--workspace', 'ws', '--out', 'read.plan.json/x.json'], names: 'is a file, not a folder' },
      { args: ['--goal', '', '--workspace', 'ws'], names: '--goal needs a value' },
      { args: ['greet', '--workspace', 'ws', '--mcp-config', 'ws'], names: '--mcp-config is a folder, not a file: ws' },
      { args: ['greet', '--workspace', 'ws', '--mcp-config', 'missing.json'], names: '--mcp-config: no such file: missing.json' },
    ],
    run: [
      { args: ['read.plan.json', '--workspace', 'missing'], names: 'workspace folder not found' },
      { args: ['read.plan.json', '--workspace', 'read.plan.json'], names: 'workspace is not a folder' },
      { args: ['ws', '--workspace', 'ws'], names: 'ws is a folder, not a file' },
      { args: ['missing.plan.json', '--workspace', 'ws'], names: 'file not found: missing.plan.json' },
      { args: ['read.plan.json', '--workspace', 'ws', '--journal', 'ws/src'], names: '--journal is a folder, not a file: ws/src' },
      { args: ['--goal', 'greet', '--workspace', 'ws', '--journal', 'ws/src'], names: '--journal is a folder, not a file: ws/src' },
      { args: ['read.plan.json', '--workspace', 'ws', '--trace', 'ws'], names: '--trace is a folder, not a file: ws' },
      { args: ['read.plan.json', '--workspace', 'ws', '--journal', 'read.plan.json/j.jsonl'], names: 'is a file, not a folder' },
      { args: ['read.plan.json', '--workspace', 'ws', '--approve', 'maybe'], names: '--approve must be all, reads or none, not "maybe"' },
      { args: ['--goal', 'greet', '--workspace', 'ws', '--mode', 'fast'], names: '--mode must be' },
      { args: ['read.plan.json', '--workspace', 'ws', '--max-parallel', '0'], names: '--max-parallel must be a whole number of at least 1, not "0"' },
      { args: ['read.plan.json', '--workspace', 'ws', '--max-parallel', 'abc'], names: '--max-parallel must be a whole number' },
      { args: ['read.plan.json', '--workspace', 'ws', '--max-parallel='], names: '--max-parallel must be a whole number' },
      { args: ['read.plan.json', '--workspace', 'ws', '--max-model-calls', '0'], names: '--max-model-calls must be' },
      { args: ['read.plan.json', '--workspace', 'ws', '--max-replans', '-1'], names: '--max-replans must be a whole number of at least 0, not "-1"' },
      { args: ['read.plan.json', '--workspace', 'ws', '--max-replans=x'], names: '--max-replans must be' },
      { args: ['read.plan.json', '--workspace', 'ws', '--max-read-bytes', '10'], names: '--max-read-bytes must be' },
      { args: ['read.plan.json', '--workspace', 'ws', '--max-output-bytes', '1.5'], names: '--max-output-bytes must be' },
      { args: ['read.plan.json', '--workspace', 'ws', '--summary', 'long'], names: '--summary must be' },
      { args: ['read.plan.json', '--workspace', 'ws', '--prices', 'ws'], names: '--prices is a folder, not a file: ws' },
      { args: ['read.plan.json', '--workspace', 'ws', '--prices', 'none.json'], names: '--prices: no such file: none.json' },
      { args: ['read.plan.json', '--workspace', 'ws', '--mcp-config', 'ws'], names: '--mcp-config is a folder, not a file: ws' },
      { args: ['read.plan.json', '--workspace', 'ws', '--max-cost', '-1'], names: '--max-cost must be an amount of US dollars above 0, such as 0.50, not "-1"' },
      { args: ['read.plan.json', '--workspace', 'ws', '--max-cost', 'abc'], names: '--max-cost must be an amount of US dollars above 0, such as 0.50, not "abc"' },
      { args: ['read.plan.json', '--workspace', 'ws', '--max-cost=0'], names: '--max-cost must be an amount of US dollars above 0' },
      { args: ['read.plan.json', '--workspace', 'ws', '--max-cost', '1e3'], names: '--max-cost must be an amount of US dollars above 0' },
      { args: ['read.plan.json', '--workspace', 'ws', '--allow-unpriced'], names: '--allow-unpriced applies to --max-cost: give a cap too' },
      { args: ['read.plan.json', '--workspace', 'ws', '--speed', '3'], names: 'unknown option --speed' },
    ],
    resume: [
      { args: ['--journal', 'ws'], names: '--journal is a folder, not a file: ws' },
      { args: ['--journal', 'missing.journal.jsonl'], names: 'no journal at missing.journal.jsonl' },
      { args: ['--journal', 'run.journal.jsonl', '--trace', 'ws/src'], names: '--trace is a folder, not a file: ws/src' },
      { args: ['--journal', 'run.journal.jsonl', '--workspace', 'missing'], names: 'workspace folder not found' },
      { args: ['--journal', 'run.journal.jsonl', '--workspace', 'read.plan.json'], names: 'workspace is not a folder' },
      { args: ['--journal', 'run.journal.jsonl', '--plan', 'ws'], names: 'ws is a folder, not a file' },
      { args: ['--journal', 'run.journal.jsonl', '--prices', 'ws'], names: '--prices is a folder, not a file: ws' },
      { args: ['--journal', 'run.journal.jsonl', '--approve', ''], names: '--approve must be all, reads or none, not ""' },
      { args: ['--journal', 'run.journal.jsonl', '--max-parallel', '0'], names: '--max-parallel must be' },
      { args: ['--journal', 'run.journal.jsonl', '--max-read-bytes', 'lots'], names: '--max-read-bytes must be' },
      { args: ['--journal', 'run.journal.jsonl', '--max-cost', '-0.5'], names: '--max-cost must be an amount of US dollars above 0, such as 0.50, not "-0.5"' },
      { args: ['--journal', 'run.journal.jsonl', '--allow-unpriced'], names: '--allow-unpriced applies to --max-cost: give a cap too' },
    ],
    undo: [
      { args: ['ws'], names: 'JOURNAL is a folder, not a file: ws' },
      { args: ['missing.journal.jsonl'], names: 'no journal at missing.journal.jsonl' },
      { args: ['run.journal.jsonl', '--workspace', 'missing'], names: 'workspace folder not found' },
      { args: ['run.journal.jsonl', '--workspace', 'read.plan.json'], names: 'workspace is not a folder' },
      { args: ['run.journal.jsonl', '--from'], names: '--from needs a value' },
      { args: ['run.journal.jsonl', '--force'], names: 'unknown option --force' },
    ],
    validate: [
      { args: ['ws'], names: 'ws is a folder, not a file' },
      { args: ['missing.plan.json'], names: 'file not found: missing.plan.json' },
      { args: ['read.plan.json', '--workspace', 'missing'], names: 'workspace folder not found' },
      { args: ['read.plan.json', '--workspace', 'read.plan.json'], names: 'workspace is not a folder' },
      { args: ['read.plan.json', '--strict'], names: 'unknown option --strict' },
    ],
    mcp: [
      { args: ['--allow-approve', 'maybe'], names: '--allow-approve must be none, reads or all, not "maybe"' },
      { args: ['--allow-approve='], names: '--allow-approve must be none, reads or all, not ""' },
      { args: ['--serve'], names: 'unknown argument --serve' },
      { args: ['--mcp-config', 'ws'], names: '--mcp-config is a folder, not a file: ws' },
    ],
  };

  for (const [command, flagCases] of Object.entries(badFlags)) {
    const cases = [...badEnv.map((bad) => ({ ...bad, args: goodArgs[command]! })), ...flagCases];
    it(`${command}: ${cases.length} wrong values, each exit 2 with one line naming it, nothing called or written`, async () => {
      for (const bad of cases) {
        const label = `${command} ${bad.args.join(' ')} ${JSON.stringify(bad.env ?? {})}`;
        const env = Object.fromEntries(Object.entries({ ...goodEnv, ...bad.env }).filter((entry): entry is [string, string] => entry[1] !== undefined));
        const before = await listing(dir);
        const calls = server.requests.length;
        const result = await cli([command, ...bad.args], env);
        assert.equal(result.code, 2, `${label}: exit ${result.code}\n${result.stderr}`);
        assert.equal(result.stdout, '', label);
        assert.match(result.stderr, /^[^\n]*\n$/, `${label}: one line, got ${JSON.stringify(result.stderr)}`);
        assert.ok(result.stderr.startsWith(`planwright ${command}: `), `${label}: ${result.stderr}`);
        assert.ok(result.stderr.includes(bad.names), `${label}: ${result.stderr.trim()} does not say ${bad.names}`);
        assert.doesNotMatch(result.stderr, /\n\s+at /, label);
        assert.equal(server.requests.length, calls, `${label}: called the model`);
        assert.deepEqual(await listing(dir), before, `${label}: wrote something`);
      }
    });
  }
});
