import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, symlink } from 'node:fs/promises';
import * as path from 'node:path';
import { FileNotFoundError, WorkspaceEscapeError } from '../../../src/core/errors';
import type { CommandRequest, CommandResult } from '../../../src/core/ports';
import { NodeCommandRunner } from '../../../src/node/nodeCommandRunner';
import { makeTempDir, removeTempDir } from '../support/tempDir';

/**
 * True while a process with this pid exists and is not a zombie. A killed grandchild is reparented to
 * init and stays a zombie until init reaps it, which some container inits do only now and then.
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as { code?: string }).code !== 'ESRCH';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}

/** Waits up to `ms` for the process to be gone; returns whether it is. */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !alive(pid);
}

describe('NodeCommandRunner', () => {
  let base: string;
  let root: string;
  let runner: NodeCommandRunner;
  const request = (command: string, more: Partial<CommandRequest> = {}): CommandRequest => ({ command, timeoutMs: 10_000, maxOutputBytes: 64 * 1024, ...more });

  before(async () => {
    base = await makeTempDir();
    root = path.join(base, 'ws');
    await mkdir(path.join(root, 'sub'), { recursive: true });
    await mkdir(path.join(base, 'outside'));
    await symlink(path.join(base, 'outside'), path.join(root, 'outLink'));
    runner = new NodeCommandRunner(root, { killGraceMs: 300 });
  });
  after(() => removeTempDir(base));

  it('reports the exit code and the combined stdout and stderr', async () => {
    const result = await runner.run(request('echo out; echo err 1>&2; exit 4'));
    assert.equal(result.exitCode, 4);
    assert.match(result.output, /out\n/);
    assert.match(result.output, /err\n/);
    assert.equal(result.timedOut, false);
    assert.equal(result.cancelled, false);
    assert.ok(result.durationMs >= 0);
  });

  it('runs in the workspace root, or in a folder inside it', async () => {
    assert.equal((await runner.run(request('pwd'))).output.trim(), root);
    assert.equal((await runner.run(request('pwd', { cwd: 'sub' }))).output.trim(), path.join(root, 'sub'));
  });

  it('merges the request environment over the process environment', async () => {
    const result = await runner.run(request('echo "$PLANWRIGHT_TEST_VAR:$PATH"', { env: { PLANWRIGHT_TEST_VAR: 'set' } }));
    assert.equal(result.output.trim(), `set:${process.env.PATH}`);
  });

  it('refuses a working folder outside the workspace, also through a symlink, without running anything', async () => {
    await assert.rejects(runner.run(request('touch escaped', { cwd: '..' })), WorkspaceEscapeError);
    await assert.rejects(runner.run(request('touch escaped', { cwd: 'outLink' })), WorkspaceEscapeError);
    await assert.rejects(readFile(path.join(base, 'outside', 'escaped')));
  });

  it('fails with FileNotFoundError for a working folder that does not exist', async () => {
    await assert.rejects(runner.run(request('true', { cwd: 'missing' })), FileNotFoundError);
  });

  /**
   * Runs `command` (which writes a grandchild's pid to `pidFile`) under a time limit that fires after the
   * grandchild exists: on a busy machine the shell may not get that far in 200 ms, so the limit doubles
   * until a run leaves the pid behind. Returns the last run's result and the pid.
   */
  async function timedOutAfterPid(command: string, pidFile: string): Promise<{ result: CommandResult; pid: number }> {
    for (let limit = 200; ; limit *= 2) {
      const result = await runner.run(request(command, { timeoutMs: limit }));
      const pidText = await readFile(path.join(root, pidFile), 'utf8').catch(() => undefined);
      if (pidText !== undefined || limit >= 51_200) return { result, pid: Number(pidText?.trim()) };
    }
  }

  it('kills the whole process tree on timeout, grandchildren included', async function () {
    this.timeout(0);
    const { result, pid } = await timedOutAfterPid(`sh -c 'sleep 30 & echo $! > child.pid; wait'`, 'child.pid');
    assert.equal(result.timedOut, true);
    assert.equal(result.exitCode, null);
    assert.ok(pid > 0);
    assert.ok(await goneWithin(pid, 30_000), `grandchild ${pid} still runs`);
  });

  it('kills a grandchild that ignores SIGTERM with SIGKILL after the grace period', async function () {
    this.timeout(0);
    const { result, pid } = await timedOutAfterPid(`sh -c 'trap "" TERM; sleep 30 & echo $! > stubborn.pid; wait'`, 'stubborn.pid');
    assert.equal(result.timedOut, true);
    assert.ok(pid > 0);
    assert.ok(await goneWithin(pid, 30_000), `grandchild ${pid} still runs`);
  });

  it('kills the tree when the signal aborts, and reports it as cancelled', async function () {
    this.timeout(0);
    const controller = new AbortController();
    // Abort once the background child exists, however long the shell takes to get there.
    const pidFile = path.join(root, 'cancelled.pid');
    let finished = false;
    void (async () => {
      while (!finished && !(await readFile(pidFile, 'utf8').catch(() => '')).trim()) await new Promise((resolve) => setTimeout(resolve, 20));
      controller.abort();
    })();
    const result = await runner.run(request(`sh -c 'sleep 30 & echo $! > cancelled.pid; wait'`, { timeoutMs: 600_000 }), controller.signal);
    finished = true;
    assert.equal(result.cancelled, true);
    assert.equal(result.timedOut, false);
    assert.equal(result.exitCode, null);
    const pid = Number((await readFile(pidFile, 'utf8')).trim());
    assert.ok(await goneWithin(pid, 30_000));
  });

  it('does not start a command when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await runner.run(request('touch started'), controller.signal);
    assert.equal(result.cancelled, true);
    await assert.rejects(readFile(path.join(root, 'started')));
  });

  it('caps the output at maxOutputBytes, keeping the tail and marking the cut', async () => {
    const result = await runner.run(request('seq 1 20000', { maxOutputBytes: 1000 }));
    assert.equal(result.exitCode, 0);
    assert.equal(result.truncated, true);
    assert.match(result.output, /^\[planwright: \d+ earlier bytes of output dropped\]\n/);
    assert.ok(result.output.endsWith('19999\n20000\n'));
    const total = Array.from({ length: 20000 }, (_, i) => `${i + 1}\n`).join('').length;
    assert.ok(result.output.includes(`${total - 1000} earlier bytes`));
  });

  it('returns when the shell exits even if a background child keeps the output open', async () => {
    const started = Date.now();
    const result = await runner.run(request('sleep 5 & echo $! > bg.pid; echo done'));
    assert.equal(result.exitCode, 0);
    assert.match(result.output, /done/);
    assert.ok(Date.now() - started < 3_000);
    process.kill(Number((await readFile(path.join(root, 'bg.pid'), 'utf8')).trim()));
  });
});
