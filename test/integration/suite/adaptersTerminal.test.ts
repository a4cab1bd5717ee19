// TerminalCommandRunner inside a real extension host: commands in the "Planwright" terminal through shell
// integration when it activates, and through the child-process fallback (forced, by env, and after shell
// integration failed to activate; its output live in a read-only terminal), with exit codes, output, timeouts that
// kill the process tree, and cancellation.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { FileNotFoundError, ToolError, WorkspaceEscapeError } from '../../../src/core/errors';
import type { CommandRequest, CommandResult } from '../../../src/core/ports';
import { TerminalCommandRunner, type TerminalCommandRunnerOptions } from '../../../src/vscode/terminal/terminalCommandRunner';
import { MemoryFileSystem, RecordingLogger, scratchFolder, waitFor } from './adaptersSupport';

const TERMINAL_NAME = 'Planwright (test)';
/** How long a new terminal's shell integration gets to activate on an idle machine, before scaling. */
const SHELL_INTEGRATION_NOMINAL_MS = 10_000;

function request(command: string, more: Partial<CommandRequest> = {}): CommandRequest {
  return { command, timeoutMs: budgetMs(20_000), maxOutputBytes: 64 * 1024, ...more };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function ourTerminals(): vscode.Terminal[] {
  return vscode.window.terminals.filter((terminal) => terminal.name === TERMINAL_NAME && terminal.exitStatus === undefined);
}

/** Whether a new terminal in this host gets shell integration: decides which tests can see the terminal path. */
async function shellIntegrationActivates(cwd: string): Promise<boolean> {
  const terminal = vscode.window.createTerminal({ name: 'Planwright (probe)', cwd, isTransient: true });
  try {
    if (terminal.shellIntegration) return true;
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        subscription.dispose();
        resolve(false);
      }, budgetMs(SHELL_INTEGRATION_NOMINAL_MS));
      const subscription = vscode.window.onDidChangeTerminalShellIntegration((event) => {
        if (event.terminal !== terminal) return;
        clearTimeout(timer);
        subscription.dispose();
        resolve(true);
      });
    });
  } finally {
    terminal.dispose();
  }
}

/** The commands both paths must run alike. */
function sharedBehaviour(label: string, options: () => Partial<TerminalCommandRunnerOptions>): void {
  describe(label, () => {
    let scratch: { dir: string; remove: () => void };
    let runner: TerminalCommandRunner;
    let logger: RecordingLogger;

    beforeEach(function () {
      scratch = scratchFolder('adapters-run');
      mkdirSync(path.join(scratch.dir, 'sub'));
      logger = new RecordingLogger();
      runner = new TerminalCommandRunner(vscode.Uri.file(scratch.dir), { logger, terminalName: TERMINAL_NAME, killGraceMs: 500, ...options() });
    });
    afterEach(() => {
      runner.dispose();
      scratch.remove();
    });

    it('reports the exit code and the output, stdout and stderr together', async () => {
      const result = await runner.run(request("printf 'hello\\n'; printf 'err\\n' >&2; (exit 3)"));
      assert.equal(result.exitCode, 3, logger.text());
      assert.equal(result.timedOut, false);
      assert.equal(result.cancelled, false);
      // Two pipes (child process) need not keep the order of stdout and stderr; a terminal does.
      assert.deepEqual(result.output.trim().split('\n').sort(), ['err', 'hello']);
      assert.equal((await runner.run(request('true'))).exitCode, 0);
    });

    it('starts in the requested folder, confined to the workspace', async () => {
      const result = await runner.run(request('pwd', { cwd: 'sub' }));
      assert.equal(result.exitCode, 0);
      assert.equal(result.output.trim(), path.join(scratch.dir, 'sub'));
      await assert.rejects(runner.run(request('pwd', { cwd: '..' })), WorkspaceEscapeError);
      await assert.rejects(runner.run(request('pwd', { cwd: '/tmp' })), WorkspaceEscapeError);
      await assert.rejects(runner.run(request('pwd', { cwd: 'missing' })), FileNotFoundError);
    });

    it('keeps the tail of long output and says how much was dropped', async () => {
      const result = await runner.run(request('seq 1 20000', { maxOutputBytes: 300 }));
      assert.equal(result.exitCode, 0);
      assert.equal(result.truncated, true);
      assert.match(result.output, /^\[planwright: \d+ earlier bytes of output dropped\]\n/);
      assert.match(result.output, /19999\n20000\n?$/);
    });

    it('kills the whole process tree on timeout, background children included, and reports timedOut', async () => {
      // The timeout leaves a busy machine time to start both shells; the sleeps outlast any scaled bound below.
      const started = Date.now();
      const result: CommandResult = await runner.run(request("sh -c 'sleep 600 & echo $! > child.pid; sleep 600' & echo $! > job.pid; wait", { timeoutMs: budgetMs(1_500) }));
      assert.equal(result.timedOut, true, logger.text());
      assert.equal(result.exitCode, null);
      assert.ok(Date.now() - started < budgetMs(15_000), `took ${Date.now() - started} ms`);
      const pids = ['child.pid', 'job.pid'].map((file) => Number(readFileSync(path.join(scratch.dir, file), 'utf8').trim()));
      await waitFor(() => pids.every((pid) => !alive(pid)), 5_000, `processes ${pids.join(', ')} to be gone`);
    });

    it('stops a command when its signal aborts, and reports cancelled', async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 700);
      const result = await runner.run(request('sleep 30'), controller.signal);
      assert.equal(result.cancelled, true);
      assert.equal(result.exitCode, null);
      assert.ok(result.durationMs < 10_000);
      const before = await runner.run(request('echo never'), AbortSignal.abort());
      assert.equal(before.cancelled, true);
      assert.equal(before.output, '');
    });
  });
}

describe('TerminalCommandRunner', function () {
  this.timeout(60_000);
  let integration = false;

  before(async () => {
    const probe = scratchFolder('adapters-probe');
    try {
      integration = await shellIntegrationActivates(probe.dir);
    } finally {
      probe.remove();
    }
    console.log(`      (shell integration ${integration ? 'activates' : 'does not activate'} in this host's terminals)`);
  });

  sharedBehaviour('in the terminal (falling back to a child process where shell integration does not activate)', () => ({}));
  sharedBehaviour('as a child process (forced)', () => ({ forceFallback: true }));

  describe('choosing the way to run', () => {
    let scratch: { dir: string; remove: () => void };
    let logger: RecordingLogger;
    const runners: TerminalCommandRunner[] = [];
    const runner = (options: Partial<TerminalCommandRunnerOptions> = {}): TerminalCommandRunner => {
      const created = new TerminalCommandRunner(vscode.Uri.file(scratch.dir), { logger, terminalName: TERMINAL_NAME, ...options });
      runners.push(created);
      return created;
    };

    beforeEach(() => {
      scratch = scratchFolder('adapters-choice');
      logger = new RecordingLogger();
    });
    afterEach(() => {
      for (const created of runners.splice(0)) created.dispose();
      scratch.remove();
    });

    it('runs in a visible Planwright terminal when shell integration activates, and keeps it open until the next command', async function () {
      if (!integration) this.skip();
      const terminalRunner = runner({ shellIntegrationTimeoutMs: budgetMs(SHELL_INTEGRATION_NOMINAL_MS) });
      const result = await terminalRunner.run(request("echo in-terminal; printf '\\033[31mred\\033[0m\\n10%%\\r100%%\\n'"));
      assert.equal(result.exitCode, 0);
      // What the terminal showed, as text: no colour codes or shell integration markers, carriage returns applied.
      assert.equal(result.output, 'in-terminal\nred\n100%\n');
      assert.ok(!logger.text().includes('child process'), logger.text());
      assert.equal(ourTerminals().length, 1);
      await terminalRunner.run(request('echo again'));
      await waitFor(() => ourTerminals().length === 1, 2_000, 'the previous terminal to close');
      terminalRunner.dispose();
      await waitFor(() => ourTerminals().length === 0, 2_000, 'the terminals to close on dispose');
    });

    it('runs a command that needs its own environment as a child process, and says why', async () => {
      const result = await runner().run(request('echo "key=$PLANWRIGHT_IDEMPOTENCY_KEY"', { env: { PLANWRIGHT_IDEMPOTENCY_KEY: 'run-1:E3' } }));
      assert.equal(result.exitCode, 0);
      assert.equal(result.output.trim(), 'key=run-1:E3');
      assert.match(logger.text(), /as a child process: it needs PLANWRIGHT_IDEMPOTENCY_KEY in its environment/);
      // No shell terminal: the one terminal is the read-only one that shows the child process's output.
      assert.equal(ourTerminals().length, 1);
    });

    it('falls back to a child process when shell integration does not activate in time, says so once, and stays there until a terminal setting changes', async () => {
      const impatient = runner({ shellIntegrationTimeoutMs: 1 });
      const first = await impatient.run(request('echo first'));
      const second = await impatient.run(request('echo second'));
      assert.equal(first.output.trim(), 'first');
      assert.equal(second.output.trim(), 'second');
      const gaveUp = () => logger.lines.filter((line) => line.startsWith('warn: Commands run as child processes from now on: shell integration did not activate')).length;
      assert.equal(gaveUp(), 1, logger.text());
      assert.match(logger.text(), /Each one's output shows live in a read-only "Planwright \(test\)" terminal, and in the step\./);
      assert.equal(logger.lines.filter((line) => line.includes('as a child process')).length, 2, logger.text());
      // The shell terminal that never got shell integration closes; the read-only one of the last command stays.
      await waitFor(() => ourTerminals().length === 1, 2_000, 'the unused shell terminal to close');
      const terminalSettings = vscode.workspace.getConfiguration('terminal.integrated');
      await terminalSettings.update('scrollback', 1234, vscode.ConfigurationTarget.Global);
      try {
        await impatient.run(request('echo third'));
        assert.equal(gaveUp(), 2, 'tried the terminal again after the setting changed');
      } finally {
        await terminalSettings.update('scrollback', undefined, vscode.ConfigurationTarget.Global);
      }
    });

    it("shows a child process's output live in the read-only terminal, before the command ends", async () => {
      const shown: string[] = [];
      const listening: vscode.Disposable[] = [];
      listening.push(
        vscode.window.onDidOpenTerminal((terminal) => {
          const options = terminal.creationOptions;
          if (terminal.name === TERMINAL_NAME && 'pty' in options) listening.push(options.pty.onDidWrite((text) => shown.push(text)));
        }),
      );
      try {
        const waitForFile = (name: string) => `while [ ! -f ${name} ]; do sleep 0.05; done`;
        let ended = false;
        const running = runner({ forceFallback: true }).run(request(`${waitForFile('go')}; echo first-line; ${waitForFile('done')}; echo second-line`));
        void running.then(
          () => (ended = true),
          () => (ended = true),
        );
        await waitFor(() => listening.length === 2, 5_000, 'the read-only terminal to open');
        writeFileSync(path.join(scratch.dir, 'go'), '');
        await waitFor(() => shown.join('').includes('first-line\r\n'), 10_000, 'the first line in the terminal');
        assert.equal(ended, false, 'the first line showed while the command still ran');
        writeFileSync(path.join(scratch.dir, 'done'), '');
        const result = await running;
        assert.deepEqual(result.output.trim().split('\n'), ['first-line', 'second-line']);
        await waitFor(() => shown.join('').includes('[exit code 0'), 5_000, 'how the command ended, in the terminal');
        assert.match(shown.join(''), /Runs as a child process, not in a shell: the runner is set to use child processes\.[\s\S]*first-line\r\n[\s\S]*second-line\r\n/);
      } finally {
        for (const subscription of listening) subscription.dispose();
      }
    });

    it('refuses to run in a virtual workspace that has neither shell integration nor a local folder', async () => {
      const scheme = 'planwright-memfs-run';
      const registration = vscode.workspace.registerFileSystemProvider(scheme, new MemoryFileSystem());
      try {
        const folder = vscode.Uri.from({ scheme, path: '/ws' });
        await vscode.workspace.fs.createDirectory(folder);
        const virtual = new TerminalCommandRunner(folder, { logger, terminalName: TERMINAL_NAME, forceFallback: true });
        runners.push(virtual);
        await assert.rejects(virtual.run(request('echo hi')), (error: unknown) => error instanceof ToolError && error.reason === 'noShell' && error.kind === 'definite');
        await assert.rejects(virtual.run(request('echo hi', { cwd: '../x' })), WorkspaceEscapeError);
      } finally {
        registration.dispose();
      }
    });
  });
});
