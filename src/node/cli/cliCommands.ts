// The table of `planwright` sub-commands.
import type { CliCommand } from './cliIo';

export const CLI_COMMANDS: readonly CliCommand[] = [];
