// A read-only "Planwright" terminal (a pseudo-terminal) that shows a command running as a child process live:
// the command line, why it is not in a shell-integrated terminal, its output as it arrives and how it ended.
// Without it, a command that could not use shell integration ran out of sight, with its output only in the step.
import * as vscode from 'vscode';
import type { CommandResult } from '../../core/ports';
import { Disposable } from '../disposableStore';

export class OutputTerminal extends Disposable implements vscode.Pseudoterminal {
  private readonly written = this._register(new vscode.EventEmitter<string>());
  private readonly pending: string[] = [];
  private opened = false;
  readonly onDidWrite: vscode.Event<string> = this.written.event;
  readonly terminal: vscode.Terminal;

  constructor(name: string, command: string, why: string) {
    super();
    this.terminal = this._register(vscode.window.createTerminal({ name, pty: this, isTransient: true, iconPath: new vscode.ThemeIcon('checklist') }));
    this.terminal.show(true);
    this.write(`\x1b[2m# ${why}\x1b[0m\n$ ${command}\n`);
  }

  open(): void {
    this.opened = true;
    for (const text of this.pending.splice(0)) this.written.fire(text);
  }

  close(): void {
    this.opened = false;
  }

  /** Shows `text` (output as it arrives); lines end as a terminal needs them. */
  write(text: string): void {
    const shown = text.replace(/\r?\n/g, '\r\n');
    if (this.opened) this.written.fire(shown);
    else this.pending.push(shown);
  }

  /** Says how the command ended. */
  end(result: CommandResult): void {
    const how = result.cancelled
      ? vscode.l10n.t('stopped')
      : result.timedOut
        ? vscode.l10n.t('timed out')
        : result.exitCode === null
          ? vscode.l10n.t('no exit code')
          : vscode.l10n.t('exit code {0}', result.exitCode);
    this.write(`\n\x1b[2m[${how} · ${(result.durationMs / 1000).toFixed(1)} s]\x1b[0m\n`);
  }
}
