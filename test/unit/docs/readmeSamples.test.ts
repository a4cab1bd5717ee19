// Every command and sample in README.md, checked against the product: the `planwright` sessions run in process on a
// copy of the demo workspace (the one that plans, against the scripted model server), the `--json` sample equals what
// the CLI prints, the plan sample passes the gate against the demo workspace, the MCP entry starts the server it
// names, and every npm script, setting and install name exists. What a unit test cannot run is checked as far as it
// can be: `npm run demo` serves VS Code until Ctrl-C and `npm test` runs every layer, so for those the script and
// its flags are checked; `npm run package` and `code --install-extension` are checked by name (the packaging
// itself: test/unit/packaging/). A command or sample of a kind this test does not know fails it.
import * as assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CliIo } from '../../../src/cli/cliIo';
import { runCli } from '../../../src/cli/runCli';
import { workspaceProblems } from '../../../src/cli/validateWorkspace';
import { parsePlanText } from '../../../src/core/plan/parsePlan';
import { formatProblem } from '../../../src/core/plan/planProblem';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { makeTempDir, removeTempDir } from '../support/tempDir';
import { fencedBlocks, inlineCode, repoText, ROOT, shellCommands, type ShellCommand } from './markdownParts';
import { manifestSettings } from '../support/manifestSettings';

const README = repoText('README.md');
const manifest = JSON.parse(repoText('package.json')) as {
  name: string;
  publisher: string;
  version: string;
  scripts: Record<string, string>;
};
const DEMO = path.join(ROOT, 'examples', 'demo-workspace');
const blocks = fencedBlocks(README);
const sessions = blocks.filter((block) => block.lang === 'sh').map((block) => shellCommands(block.body));
const jsonSamples = blocks.filter((block) => block.lang === 'json').map((block) => JSON.parse(block.body) as Record<string, unknown>);
/** The commands written inline in the prose (`npm run demo -- --port 9000`, `planwright validate …`). */
const inlineCommands = inlineCode(README).flatMap((code) => shellCommands(code).slice(0, 1)).filter((command) => /^(npm|planwright|code|codium)$/.test(command.words[0]!) && command.words.length > 1);
const allCommands = [...sessions.flat(), ...inlineCommands];
/** npm's own commands, which name no script. */
const NPM_OWN_COMMANDS = ['ci', 'install'];
/** What a shell block may do: the commands the tests below check, and the steps of a session (copy, cd, export). */
const KNOWN_PROGRAMS = ['npm', 'code', 'cp', 'cd', 'export', 'planwright'];

/** The plan the scripted planner writes for the README's goal, in the plan language. */
const PLANNED = [
  'E1 readFile {"path":"src/cli.js"}',
  `E2 editFile {"path":"src/cli.js","edits":[{"find":"const FLAGS = ['--lines', '--words', '--chars'];","replace":"const FLAGS = ['--lines', '--words', '--chars', '--verbose'];"}]}`,
].join('\n');

/** The exit code a README command's comment promises (`# exit 3: …`), 0 without one. */
const promisedExit = (command: ShellCommand): number => Number(/^exit (\d)/.exec(command.comment)?.[1] ?? 0);

/** What one in-process `planwright` printed. */
interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function planwright(args: readonly string[], cwd: string, env: CliIo['env']): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env, cwd });
  return { code, stdout, stderr };
}

describe('README.md', () => {
  it('is under 15 KB, a five-minute read', () => {
    assert.ok(Buffer.byteLength(README) < 15 * 1024, `README.md is ${Buffer.byteLength(README)} bytes`);
  });

  it('starts with the two commands, and CI runs exactly its test command', () => {
    assert.deepEqual(sessions[0]!.map((command) => command.words.join(' ')), ['npm run demo', 'npm test']);
    const ciLines = repoText('.ci/run').trim().split('\n');
    assert.equal(ciLines.at(-1), 'npm test', '.ci/run ends by running the README\'s test command');
  });

  it('names only npm scripts package.json has; npm run demo\'s flags parse (it serves VS Code until Ctrl-C, so it is not started here)', () => {
    const npm = allCommands.filter((command) => command.words[0] === 'npm');
    assert.ok(npm.length >= 4, 'the README\'s npm commands are found');
    for (const { words } of npm) {
      if (NPM_OWN_COMMANDS.includes(words[1]!)) continue;
      const script = words[1] === 'run' ? words[2]! : words[1]!;
      assert.ok(manifest.scripts[script], `npm ${words.slice(1).join(' ')}: no script "${script}" in package.json`);
      if (script === 'demo') {
        const { requestedPort } = require(path.join(ROOT, 'scripts', 'demo.js')) as { requestedPort(argv: readonly string[]): number };
        const flags = words.slice(words.indexOf('--') + 1);
        assert.equal(requestedPort(words.includes('--') ? flags : []), words.includes('--port') ? Number(words[words.indexOf('--port') + 1]) : 8080);
      }
    }
  });

  it('installs the extension by the id and the .vsix name this package has', () => {
    const installs = allCommands.filter((command) => command.words[1] === '--install-extension').map((command) => command.words[2]);
    assert.ok(installs.length >= 3);
    for (const target of installs) assert.ok([`${manifest.publisher}.${manifest.name}`, `${manifest.name}-${manifest.version}.vsix`].includes(target!), target);
  });

  it('names only settings package.json declares', () => {
    const named = inlineCode(README).filter((code) => /^planwright\.[a-zA-Z]+$/.test(code) && code !== `${manifest.publisher}.${manifest.name}`);
    assert.ok(named.length >= 8, 'the settings table is read');
    const settings = manifestSettings(manifest);
    for (const setting of named) assert.ok(settings[setting], `${setting} is not a setting`);
  });

  it('shows each command\'s usage with flags the command has', async () => {
    const usage = blocks.filter((block) => block.lang === 'text').flatMap((block) => block.body.trim().split('\n'));
    const inline = inlineCommands.filter((command) => command.words[0] === 'planwright').map((command) => command.words.join(' '));
    assert.ok(usage.length >= 6);
    for (const line of [...usage, ...inline]) {
      const sub = line.split(' ')[1]!;
      const help = sub.startsWith('--') ? await planwright(['--help'], ROOT, {}) : await planwright([sub, '--help'], ROOT, {});
      assert.equal(help.code, 0, `planwright ${sub} --help: ${help.stderr}`);
      for (const flag of line.match(/--[a-z][a-z-]*|\b\w+(\|\w+)+/g) ?? []) assert.ok(help.stdout.includes(flag), `"${flag}" of "${line}" is not in planwright ${sub}'s usage`);
    }
  });

  it('validates examples/invalid.plan.json as it says: every problem, one line each, exit 2', async () => {
    const inline = inlineCommands.filter((command) => command.words[0] === 'planwright' && command.words[1] === 'validate');
    assert.equal(inline.length, 1);
    const ran = await planwright(inline[0]!.words.slice(1), ROOT, {});
    assert.equal(ran.code, 2);
    assert.ok(ran.stdout.trim().split('\n').length > 3, ran.stdout);
  });

  it('has a plan sample that passes the gate and fits the demo workspace', async () => {
    const plans = jsonSamples.filter((sample) => 'steps' in sample && 'version' in sample);
    assert.equal(plans.length, 1);
    const parsed = parsePlanText(JSON.stringify(plans[0]), 'README.md');
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.problems.map(formatProblem).join('\n'));
    assert.deepEqual((await workspaceProblems(parsed.plan, DEMO)).map(formatProblem), []);
  });

  it('has an MCP entry that starts the Planwright MCP server it describes', async function () {
    this.timeout(budgetMs(60_000));
    const entries = jsonSamples.filter((sample) => 'mcpServers' in sample);
    assert.equal(entries.length, 1);
    const entry = (entries[0]!.mcpServers as Record<string, { command: string; args: string[] }>).planwright!;
    assert.equal(entry.command, Object.keys(JSON.parse(repoText('package.json')).bin as object)[0]);
    const client = new Client({ name: 'readme-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(ROOT, 'dist', 'cli.js'), ...entry.args], stderr: 'pipe' }));
    try {
      assert.ok((await client.listTools()).tools.some((tool) => tool.name === 'run_plan'));
    } finally {
      await client.close();
    }
  });

  it('knows every shell command; the blocks that run planwright are the two sessions run below', () => {
    for (const command of sessions.flat()) assert.ok(KNOWN_PROGRAMS.includes(command.words[0]!), `a command this test does not check: ${command.words.join(' ')}`);
    assert.equal(sessions.filter((commands) => commands.some((command) => command.words[0] === 'planwright')).length, 2);
  });

  it('knows every JSON sample: a plan, the --json report and the MCP entry', () => {
    for (const sample of jsonSamples) assert.ok(['steps', 'runId', 'mcpServers'].some((key) => key in sample), `a JSON sample this test does not check: ${JSON.stringify(sample).slice(0, 80)}`);
  });

  describe('its command-line sessions, run as written on a copy of the demo workspace', function () {
    this.timeout(budgetMs(120_000));
    let sandbox: string;
    let server: ScriptedModelServer;
    beforeEach(async () => {
      sandbox = await makeTempDir();
      server = await ScriptedModelServer.start((_body, index) => (index === 0 ? { content: PLANNED, usage: null } : { status: 500, message: 'the README\'s session makes one planning call' }));
    });
    afterEach(async () => {
      await server.close();
      await removeTempDir(sandbox);
    });

    /** A path of the README's session: `/tmp/x` is the sandbox's `x`; a relative one is from `cwd`. */
    const place = (cwd: string, file: string) => (file.startsWith('/tmp/') ? path.join(sandbox, file.slice('/tmp/'.length)) : path.resolve(cwd, file));

    /** Runs one session; returns what each `planwright` command printed. */
    async function runSession(commands: readonly ShellCommand[]): Promise<Ran[]> {
      let cwd = ROOT;
      const env: Record<string, string> = {};
      let runId: string | undefined;
      const ran: Ran[] = [];
      for (const command of commands) {
        const [program, ...args] = command.words;
        if (program === 'cp' && args[0] === '-r') cpSync(place(cwd, args[1]!), place(cwd, args[2]!), { recursive: true });
        else if (program === 'cd') cwd = place(cwd, args[0]!);
        else if (program === 'export') {
          for (const pair of args) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
          assert.match(env.PLANWRIGHT_BASE_URL ?? '', /^https?:\/\/[^/]+\/v1$/);
          env.PLANWRIGHT_BASE_URL = server.baseUrl;
        } else if (program === 'planwright') {
          const resolved = args.map((arg) => (runId ? arg.replace('<runId>', runId) : arg));
          assert.ok(!resolved.some((arg) => arg.includes('<runId>')), 'a <runId> before any run');
          const result = await planwright(resolved, cwd, env);
          assert.equal(result.code, promisedExit(command), `planwright ${args.join(' ')}: exit ${result.code}\n${result.stdout}${result.stderr}`);
          runId = /runs\/([\w-]+)\.journal\.jsonl/.exec(result.stdout + result.stderr)?.[1] ?? runId;
          ran.push(result);
        } else assert.fail(`the README runs "${command.words.join(' ')}", which this test does not know how to check`);
      }
      return ran;
    }

    it('plans with a model, validates, runs until the edit waits, resumes with approval and undoes it', async () => {
      const session = sessions.find((commands) => commands.some((command) => command.words.includes('plan')));
      assert.ok(session, 'the README has a session that plans');
      const ran = await runSession(session);
      assert.equal(ran.length, 5);
      assert.equal(server.requests.length, 1, 'one planning call, nothing else asks the model');
      assert.match(ran[1]!.stdout, /^valid: 2 steps$/m);
      assert.match(ran[3]!.stdout + ran[3]!.stderr, /succeeded/);
      assert.match(ran[4]!.stdout, /^restored {2}src\/cli\.js$/m);
      assert.equal(readFileSync(path.join(sandbox, 'tally', 'src', 'cli.js'), 'utf8'), readFileSync(path.join(DEMO, 'src', 'cli.js'), 'utf8'));
    });

    it('runs the failing plan and prints the --json report the README shows, field for field', async () => {
      const session = sessions.find((commands) => commands.some((command) => command.words.includes('--json')));
      assert.ok(session, 'the README has a session with --json');
      const sample = jsonSamples.find((json) => 'runId' in json)!;
      const printed = JSON.parse((await runSession(session)).at(-1)!.stdout) as Record<string, unknown>;
      assert.deepEqual(Object.keys(sample), Object.keys(printed), 'the sample has the fields the CLI prints, in its order');
      assert.match(String(printed.runId), /^\d{8}-\d{6}-[0-9a-f]{4}$/);
      const runIdOf = (report: Record<string, unknown>) => String(report.runId);
      for (const file of ['journal', 'trace'] as const) {
        assert.equal(place(ROOT, String(sample[file]).replace(runIdOf(sample), runIdOf(printed))), printed[file], `${file}: the README's path is where the run writes it`);
      }
      const rest = (report: Record<string, unknown>) => ({ ...report, runId: undefined, journal: undefined, trace: undefined });
      assert.deepEqual(rest(sample), rest(printed));
    });
  });
});
