// The CommandRunner port over child_process. Each command leads its own process group, so a timeout or
// a cancellation can kill the shell and everything it started (SIGTERM to the group, SIGKILL after a
// grace period); the working folder is confined to the workspace by the same resolver as file access.
// A process that could not be spawned (its folder cannot be entered, no shell) never ran anything, so
// that failure is typed as definite rather than left in doubt.
import { spawn, type ChildProcess } from 'node:child_process';
import { CommandNotStartedError } from '../core/errors';
import { commandFolder } from './commandFolder';
import type { CommandRequest, CommandResult, CommandRunner } from '../core/ports';
import { OutputTail } from './outputTail';
import { WorkspaceResolver } from './workspaceResolver';

/** Tuning for the runner; the defaults suit interactive use. */
export interface NodeCommandRunnerOptions {
  /** Time between SIGTERM and SIGKILL when a command is stopped. */
  readonly killGraceMs?: number;
  /** After the shell exits, how long to wait for background children to close its output. */
  readonly drainMs?: number;
  /** Called with each chunk of a command's output as it arrives (to show it live). */
  readonly onData?: (request: CommandRequest, chunk: Buffer) => void;
}

/** Runs shell commands with the workspace root (or a folder inside it) as working directory. */
export class NodeCommandRunner implements CommandRunner {
  private readonly resolver: WorkspaceResolver;
  private readonly killGraceMs: number;
  private readonly drainMs: number;
  private readonly onData: NodeCommandRunnerOptions['onData'];

  /** `root` is the workspace folder; `cwd` of a request is relative to it. */
  constructor(root: string, options: NodeCommandRunnerOptions = {}) {
    this.resolver = new WorkspaceResolver(root);
    this.killGraceMs = options.killGraceMs ?? 2_000;
    this.drainMs = options.drainMs ?? 250;
    this.onData = options.onData;
  }

  async run(request: CommandRequest, signal?: AbortSignal): Promise<CommandResult> {
    const where = request.cwd ?? '.';
    const cwd = await commandFolder(this.resolver, where);
    if (signal?.aborted) {
      return { exitCode: null, output: '', truncated: false, timedOut: false, cancelled: true, durationMs: 0 };
    }
    const child = spawn(request.command, {
      cwd,
      env: { ...process.env, ...request.env },
      shell: true,
      detached: process.platform !== 'win32',
      windowsHide: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return this.supervise(child, request, where, signal);
  }

  private supervise(child: ChildProcess, request: CommandRequest, where: string, signal?: AbortSignal): Promise<CommandResult> {
    let spawned = false;
    child.once('spawn', () => (spawned = true));
    const started = Date.now();
    const output = new OutputTail(request.maxOutputBytes);
    const take = (chunk: Buffer): void => {
      output.push(chunk);
      this.onData?.(request, chunk);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    let timedOut = false;
    let cancelled = false;
    let hardKill: NodeJS.Timeout | undefined;
    let hardKilled = false;
    const stop = (): void => {
      if (hardKill) return;
      killTree(child, 'SIGTERM');
      hardKill = setTimeout(() => {
        killTree(child, 'SIGKILL');
        hardKilled = true;
      }, this.killGraceMs);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, request.timeoutMs);
    const onAbort = (): void => {
      cancelled = true;
      stop();
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    return new Promise<CommandResult>((resolve, reject) => {
      let exitCode: number | null = null;
      let settled = false;
      const cleanUp = (): void => {
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const finish = (): void => {
        if (settled) return;
        cleanUp();
        child.stdout?.destroy();
        child.stderr?.destroy();
        const killed = timedOut || cancelled;
        resolve({
          exitCode: killed ? null : exitCode,
          output: output.text(),
          truncated: output.truncated,
          timedOut,
          cancelled,
          durationMs: Date.now() - started,
        });
      };
      // Once stopping, report only when the whole group is gone or has been sent SIGKILL, so "killed"
      // means killed. Killed members can linger as zombies until their reaper runs; they count as gone.
      const finishWhenGroupGone = (): void => {
        if (settled) return;
        if (hardKilled || !groupAlive(child)) {
          clearTimeout(hardKill);
          finish();
          return;
        }
        setTimeout(finishWhenGroupGone, 25);
      };
      child.once('error', (error) => {
        if (settled) return;
        cleanUp();
        clearTimeout(hardKill);
        // Before 'spawn', the error is the spawn's own (chdir or exec refused): nothing ran.
        reject(spawned ? error : new CommandNotStartedError(where, `${(error as { code?: string }).code ?? ''} ${error.message}`.trim()));
      });
      child.once('exit', (code) => {
        exitCode = code;
        if (hardKill) {
          finishWhenGroupGone();
          return;
        }
        // The command finished on its own: a late timeout or abort must not relabel it.
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        // A background child may keep the pipes open after the shell exits; do not wait for it forever.
        setTimeout(finish, this.drainMs);
      });
      child.once('close', () => (hardKill ? finishWhenGroupGone() : finish()));
    });
  }
}

/** True while any process of the child's group is alive (always false on Windows, where taskkill waits). */
function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined || process.platform === 'win32') return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch (error) {
    // EPERM: a member exists but is not ours to signal; still alive.
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** Signals the whole process group the child leads (a process tree on Windows). */
function killTree(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): void {
  if (child.pid === undefined) return;
  if (process.platform === 'win32') {
    spawn('taskkill', ['/pid', String(child.pid), '/T', '/F'], { windowsHide: true, stdio: 'ignore' });
    return;
  }
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}
