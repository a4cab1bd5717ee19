// The CommandRunner port in a visible "Planwright" terminal, through shell integration: the command line
// runs exactly as approved (no `cd` or variables prefixed), its output is read from the execution's data
// stream and its exit code from onDidEndTerminalShellExecution. Each command gets a fresh terminal,
// started in the command's folder: a terminal a previous step left in another folder, with variables
// exported or a virtualenv activated, would make the same plan behave differently from the CLI's child
// process runner; and a terminal nobody typed into avoids the ^C that executeCommand sends to interrupt
// pending input (https://github.com/microsoft/vscode/issues/237208). The last command's terminal stays
// open until the next one starts, so its output can be read.
//
// When shell integration does not activate within ten seconds (a shell without it, a user setup that
// conflicts with it, integration switched off, some remote hosts, or a shell too slow to report it), and for a
// command that needs its own environment variables (a terminal cannot take them per command, and prefixing them
// would change the command line), the command runs as a child process instead; the log says so, and a read-only
// "Planwright" pseudo-terminal shows the command, why, and its output live. Why code-server never showed a
// shell-integration terminal: the wait used to be 3 s, and on a loaded 2-core machine code-server's bash reports
// its integration later than that, so the first command fell back and every later one of the window followed,
// with its output only in the step. Now the wait is 10 s, and a command that falls back is still seen running.
import * as vscode from 'vscode';
import { FileNotFoundError, ToolError, WorkspaceEscapeError } from '../../core/errors';
import type { CommandRequest, CommandResult, CommandRunner, Logger } from '../../core/ports';
import { englishText } from '../../core/text/englishText';
import { shorten } from '../../core/text/shorten';
import { workspacePathProblem } from '../../core/workspacePath';
import { commandFolder } from '../../node/commandFolder';
import { NodeCommandRunner } from '../../node/nodeCommandRunner';
import { Disposable } from '../disposableStore';
import { forcedFallback, integrationOff, integrationTimedOut, needsEnvironment, type FallbackReason } from './fallbackReason';
import { OutputTerminal } from './outputTerminal';
import { OutputTail } from '../../node/outputTail';
import { ProcessTreeSnapshot } from '../../node/processTree';
import { finishTerminalText, TerminalTextCleaner } from '../../node/terminalText';
import { WorkspaceResolver } from '../../node/workspaceResolver';

/** How the runner behaves; the defaults suit interactive use. */
export interface TerminalCommandRunnerOptions {
  /** Where the runner says which way each command ran, and why it fell back. */
  readonly logger: Logger;
  /** Runs commands the terminal cannot; by default a child process in the folder (file: folders only). */
  readonly fallback?: CommandRunner;
  /** Always use the fallback (tests, or a host known to lack shell integration). */
  readonly forceFallback?: boolean;
  /** How long a new terminal may take to activate shell integration before the fallback is used. */
  readonly shellIntegrationTimeoutMs?: number;
  /** After a stopped command's processes got SIGTERM, how long before SIGKILL. */
  readonly killGraceMs?: number;
  /** After the shell reports the end of a command, how long its remaining output may take to arrive. */
  readonly drainMs?: number;
  /** The terminal's name. */
  readonly terminalName?: string;
}

/** How a terminal execution ended. */
type Ending = { readonly kind: 'ended'; readonly exitCode: number | undefined } | { readonly kind: 'timedOut' | 'cancelled' | 'closed' };

/** Runs shell commands in a "Planwright" terminal, or as child processes where a terminal cannot. */
export class TerminalCommandRunner extends Disposable implements CommandRunner {
  private readonly resolver: WorkspaceResolver | undefined;
  private readonly fallback: CommandRunner | undefined;
  private readonly logger: Logger;
  private readonly name: string;
  /**
   * Why shell integration is not used, once it failed to activate: later commands go straight to the
   * fallback instead of waiting for it again, until a terminal setting changes.
   */
  private unavailable: FallbackReason | undefined;
  /** Terminals whose command finished, kept visible until the next command starts. */
  private readonly idle = new Set<vscode.Terminal | OutputTerminal>();
  /** The pseudo-terminal showing each command that runs as a child process. */
  private readonly live = new Map<CommandRequest, OutputTerminal>();
  /** Stops every running command; used by dispose(). */
  private readonly running = new Set<() => void>();

  /** `folder` is the workspace root; `cwd` of a request is relative to it. */
  constructor(
    readonly folder: vscode.Uri,
    private readonly options: TerminalCommandRunnerOptions,
  ) {
    super();
    this.resolver = folder.scheme === 'file' ? new WorkspaceResolver(folder.fsPath) : undefined;
    const onData = (request: CommandRequest, chunk: Buffer): void => this.live.get(request)?.write(chunk.toString('utf8'));
    this.fallback = options.fallback ?? (folder.scheme === 'file' ? new NodeCommandRunner(folder.fsPath, { killGraceMs: options.killGraceMs, onData }) : undefined);
    this.logger = options.logger;
    this.name = options.terminalName ?? 'Planwright';
    // A changed terminal setting (another default shell, integration switched on) deserves a new try.
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('terminal.integrated')) this.unavailable = undefined;
      }),
    );
    // Disposed first: stops running commands and closes every terminal this runner opened.
    this._register({
      dispose: () => {
        for (const stop of [...this.running]) stop();
        this.disposeIdle();
      },
    });
  }

  async run(request: CommandRequest, signal?: AbortSignal): Promise<CommandResult> {
    if (signal?.aborted) return stoppedBeforeStart();
    const cwd = await this.resolveCwd(request.cwd ?? '.');
    const reason = this.fallbackReason(request);
    if (reason) return this.runFallback(request, signal, reason);
    this.disposeIdle();
    const terminal = vscode.window.createTerminal({ name: this.name, cwd, isTransient: true, iconPath: new vscode.ThemeIcon('checklist') });
    terminal.show(true);
    const integration = await this.shellIntegration(terminal, signal);
    if (signal?.aborted) {
      terminal.dispose();
      return stoppedBeforeStart();
    }
    if (!integration) {
      terminal.dispose();
      this.unavailable = integrationTimedOut(this.name, this.integrationTimeoutMs() / 1000);
      this.logger.warn(`Commands run as child processes from now on: ${this.unavailable(englishText)}. Each one's output shows live in a read-only "${this.name}" terminal, and in the step. Shell integration needs bash, zsh, fish or PowerShell, terminal.integrated.shellIntegration.enabled, and a shell that reports it within the wait (on a busy machine a shell can be slower).`);
      return this.runFallback(request, signal, this.unavailable);
    }
    return this.execute(terminal, integration, request, signal);
  }

  /** Why this request cannot run in a terminal, or `undefined` when it can. */
  private fallbackReason(request: CommandRequest): FallbackReason | undefined {
    if (this.options.forceFallback) return forcedFallback;
    const variables = Object.keys(request.env ?? {});
    if (variables.length > 0) return needsEnvironment(variables);
    if (this.unavailable) return this.unavailable;
    if (vscode.workspace.getConfiguration('terminal.integrated.shellIntegration').get<boolean>('enabled') === false) return integrationOff;
    return undefined;
  }

  private async runFallback(request: CommandRequest, signal: AbortSignal | undefined, reason: FallbackReason): Promise<CommandResult> {
    // English in the step's error and the log (the journal and the re-planner read them), the user's in the terminal.
    const why = reason(englishText);
    if (!this.fallback) {
      throw new ToolError('definite', 'noShell', `Cannot run ${JSON.stringify(shorten(request.command, 200))}: ${why}, and a ${this.folder.scheme}: workspace has no local folder to run a process in.`);
    }
    this.logger.info(`Running ${JSON.stringify(shorten(request.command, 200))} as a child process: ${why}.`);
    this.disposeIdle();
    const shown = new OutputTerminal(this.name, request.command, vscode.l10n.t('Runs as a child process, not in a shell: {0}.', reason(vscode.l10n)));
    this.live.set(request, shown);
    try {
      const result = await this.fallback.run(request, signal);
      shown.end(result);
      return result;
    } finally {
      this.live.delete(request);
      this.idle.add(shown);
    }
  }

  /**
   * The folder to start in, confined to the workspace like every file path. On disk it must be one this
   * process can enter: a terminal's shell that cannot enter its folder starts elsewhere and would run the
   * command there, so such a folder fails the step definitely, before any terminal opens.
   */
  private async resolveCwd(cwd: string): Promise<vscode.Uri> {
    if (this.resolver) return vscode.Uri.file(await commandFolder(this.resolver, cwd));
    const uri = virtualCwd(this.folder, cwd);
    const stat = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
    if (!stat || (stat.type & vscode.FileType.Directory) === 0) throw new FileNotFoundError(cwd);
    return uri;
  }

  /** The terminal's shell integration once it activates; `undefined` after the timeout or if the terminal closes. */
  private shellIntegration(terminal: vscode.Terminal, signal: AbortSignal | undefined): Promise<vscode.TerminalShellIntegration | undefined> {
    if (terminal.shellIntegration) return Promise.resolve(terminal.shellIntegration);
    return new Promise((resolve) => {
      const subscriptions: vscode.Disposable[] = [];
      const done = (integration: vscode.TerminalShellIntegration | undefined): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        for (const subscription of subscriptions) subscription.dispose();
        resolve(integration);
      };
      const onAbort = (): void => done(undefined);
      const timer = setTimeout(() => done(undefined), this.integrationTimeoutMs());
      signal?.addEventListener('abort', onAbort, { once: true });
      subscriptions.push(
        vscode.window.onDidChangeTerminalShellIntegration((event) => {
          if (event.terminal === terminal) done(event.shellIntegration);
        }),
        vscode.window.onDidCloseTerminal((closed) => {
          if (closed === terminal) done(undefined);
        }),
      );
    });
  }

  private async execute(
    terminal: vscode.Terminal,
    integration: vscode.TerminalShellIntegration,
    request: CommandRequest,
    signal: AbortSignal | undefined,
  ): Promise<CommandResult> {
    const output = new OutputTail(request.maxOutputBytes);
    const cleaner = new TerminalTextCleaner();
    let finish: (ending: Ending) => void = () => undefined;
    const ending = new Promise<Ending>((resolve) => (finish = resolve));
    let execution: vscode.TerminalShellExecution | undefined;
    const early: vscode.TerminalShellExecutionEndEvent[] = [];
    const subscriptions = [
      vscode.window.onDidEndTerminalShellExecution((event) => {
        if (execution === undefined) early.push(event);
        else if (event.execution === execution) finish({ kind: 'ended', exitCode: event.exitCode });
      }),
      vscode.window.onDidCloseTerminal((closed) => {
        if (closed === terminal) finish({ kind: 'closed' });
      }),
    ];
    const timer = setTimeout(() => finish({ kind: 'timedOut' }), request.timeoutMs);
    const onAbort = (): void => finish({ kind: 'cancelled' });
    signal?.addEventListener('abort', onAbort, { once: true });
    this.running.add(onAbort);

    const started = Date.now();
    execution = integration.executeCommand(request.command);
    // read() only yields what is written after its first call, so it is called at once.
    const stream = execution.read();
    const reading = (async () => {
      for await (const data of stream) output.push(Buffer.from(cleaner.push(data)));
    })().catch(() => undefined);
    const endedEarly = early.find((event) => event.execution === execution);
    if (endedEarly) finish({ kind: 'ended', exitCode: endedEarly.exitCode });

    const end = await ending;
    const durationMs = Date.now() - started;
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    this.running.delete(onAbort);
    for (const subscription of subscriptions) subscription.dispose();
    if (end.kind === 'timedOut' || end.kind === 'cancelled') {
      await this.stop(terminal);
      await withTimeout(reading, 100);
    } else {
      // The end event can come before the last data does; wait a little for the stream to finish.
      await withTimeout(reading, this.options.drainMs ?? 1_000);
      if (end.kind === 'ended') this.idle.add(terminal);
    }
    if (end.kind === 'ended' && end.exitCode === undefined) {
      this.logger.warn(`The shell reported no exit code for ${JSON.stringify(shorten(request.command, 200))}; it counts as stopped, not as succeeded.`);
    }
    if (end.kind === 'closed') this.logger.warn(`The ${this.name} terminal was closed while ${JSON.stringify(shorten(request.command, 200))} ran.`);
    return {
      exitCode: end.kind === 'ended' ? (end.exitCode ?? null) : null,
      output: finishTerminalText(output.text()),
      truncated: output.truncated,
      timedOut: end.kind === 'timedOut',
      cancelled: end.kind === 'cancelled',
      durationMs,
    };
  }

  /**
   * Stops a command: the processes below the terminal's shell are listed first (once the shell is gone
   * they can no longer be found from it), then ^C goes to the foreground job, the tree gets SIGTERM, the
   * terminal is closed (SIGHUP to the shell and its jobs), and what is left gets SIGKILL after the grace
   * period. Only in a `file:` workspace, where the extension host and the terminal's processes share a
   * machine, are the processes signalled directly.
   */
  private async stop(terminal: vscode.Terminal): Promise<void> {
    const shellPid = this.folder.scheme === 'file' ? await withTimeout(Promise.resolve(terminal.processId), 1_000) : undefined;
    const tree = shellPid ? await ProcessTreeSnapshot.take(shellPid).catch(() => undefined) : undefined;
    terminal.sendText('\u0003', false);
    const stopping = tree?.stop(this.options.killGraceMs ?? 2_000);
    terminal.dispose();
    await stopping;
  }

  private disposeIdle(): void {
    for (const terminal of this.idle) terminal.dispose();
    this.idle.clear();
  }

  private integrationTimeoutMs(): number {
    return this.options.shellIntegrationTimeoutMs ?? 10_000;
  }
}

/** A result for a command that was cancelled before it started: nothing ran. */
function stoppedBeforeStart(): CommandResult {
  return { exitCode: null, output: '', truncated: false, timedOut: false, cancelled: true, durationMs: 0 };
}

/** The folder for `cwd` in a workspace with no real paths, by the pure rule alone. */
function virtualCwd(folder: vscode.Uri, cwd: string): vscode.Uri {
  if (cwd === '.' || cwd === './') return folder;
  const problem = workspacePathProblem(cwd);
  if (problem) throw new WorkspaceEscapeError(cwd, problem);
  return vscode.Uri.joinPath(folder, ...cwd.split('/').filter((segment) => segment !== '' && segment !== '.'));
}

/** `promise`'s value, or `undefined` once `ms` have passed. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
