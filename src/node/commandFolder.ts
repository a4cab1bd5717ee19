// The working folder of a command, checked before anything is started in it: confined to the workspace,
// present, a folder, and one this process may enter. Both command runners use it. The child process
// runner would also learn a refused folder from spawn's own error, but a terminal would not: its shell
// starts somewhere else (the user's home) and runs the command there. So a folder that cannot be entered
// is a definite failure — the command never started — whichever runner was asked.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { CommandNotStartedError } from '../core/errors';
import { refusedAs } from './fileReading';
import type { WorkspaceResolver } from './workspaceResolver';

/** The absolute folder `cwd` (relative to the workspace) names; rejects with a definite error when no command can start in it. */
export async function commandFolder(resolver: WorkspaceResolver, cwd: string): Promise<string> {
  const { target } = await resolver.resolve(cwd, { allowRoot: true }).catch((error: unknown) => {
    throw refusedAs(error, cwd);
  });
  const folder = await stat(target).catch((error: unknown) => {
    throw refusedAs(error, cwd);
  });
  if (!folder.isDirectory()) throw new CommandNotStartedError(cwd, 'it is not a folder');
  // Search permission is what entering a folder takes (chdir); root has it on every folder.
  await access(target, constants.X_OK).catch((error: unknown) => {
    throw new CommandNotStartedError(cwd, `${(error as { code?: string }).code ?? 'EACCES'} the folder cannot be entered`);
  });
  return target;
}
