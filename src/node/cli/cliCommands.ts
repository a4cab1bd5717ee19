// The table of `planwright` sub-commands.
import type { CliCommand } from './cliIo';
import { validateCommand } from './validateCommand';

export const CLI_COMMANDS: readonly CliCommand[] = [validateCommand];
