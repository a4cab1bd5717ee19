// The one way a Planwright command is registered (as GitLens' command base does it): an error that escapes a
// command ends in one place, a short message naming the command that failed ("Run Plan failed: …", no stack
// trace) with Show Log, and the details, stack included, in the output channel.
import * as vscode from 'vscode';
import { commandTitles } from './commandTitles';
import { reportFailure } from './userMessages';

const EXTENSION_ID = 'planwright.planwright';

/** Registers one command; what its handler throws or rejects with is reported for that command. */
export type CommandRegistrar = (id: string, handler: (...args: any[]) => unknown) => vscode.Disposable;

/** A registrar that reports escaped errors to the user and to `log`. */
export function commandRegistrar(log: vscode.LogOutputChannel): CommandRegistrar {
  return (id, handler) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handler(...args);
      } catch (error) {
        reportFailure(log, vscode.l10n.t('{0} failed', titleOf(id)), error);
        return undefined;
      }
    });
}

/** The command's title as the palette shows it, or its id when the manifest cannot be read. */
function titleOf(id: string): string {
  return commandTitles(vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON).get(id) ?? id;
}
