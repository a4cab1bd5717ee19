// The run's file and command ports for a workspace folder: files through vscode.workspace.fs (so remote and
// virtual workspaces work), commands in one visible "Planwright" terminal per folder (a child process when
// shell integration is unavailable). The terminal runner is kept per folder so its terminal is reused.
import * as vscode from 'vscode';
import type { CommandRunner, Logger, Workspace } from '../../core/ports';
import { Disposable } from '../disposableStore';
import { TerminalCommandRunner } from '../terminal/terminalCommandRunner';
import { VscodeWorkspace } from './vscodeWorkspace';

export class HostPorts extends Disposable {
  private readonly runners = new Map<string, TerminalCommandRunner>();

  /** `protectedPaths` (absolute): the run files no step or check may touch, should they lie inside a folder. */
  constructor(
    private readonly logger: Logger,
    private readonly protectedPaths: readonly string[] = [],
  ) {
    super();
    this._register({ dispose: () => this.runners.clear() });
  }

  /** The ports over `folder`. */
  for(folder: vscode.WorkspaceFolder): { readonly workspace: Workspace; readonly commands: CommandRunner } {
    const key = folder.uri.toString();
    let runner = this.runners.get(key);
    if (!runner) {
      runner = this._register(new TerminalCommandRunner(folder.uri, { logger: this.logger }));
      this.runners.set(key, runner);
    }
    return { workspace: new VscodeWorkspace(folder.uri, this.protectedPaths), commands: runner };
  }
}
