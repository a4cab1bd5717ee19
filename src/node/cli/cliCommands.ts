// The table of `planwright` sub-commands.
import { benchCommand } from './benchCommand';
import type { CliCommand } from './cliIo';
import { planCommand } from './planCommand';
import { resumeCommand } from './resumeCommand';
import { runPlanCommand } from './runPlanCommand';
import { validateCommand } from './validateCommand';

export const CLI_COMMANDS: readonly CliCommand[] = [validateCommand, planCommand, runPlanCommand, resumeCommand, benchCommand];
