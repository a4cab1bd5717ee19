// The table of `planwright` sub-commands. Each command's module is required when that command runs (or
// when --help lists them), not at start-up: `--version` and `validate` then never evaluate the model
// client or the executor, which they do not use.
import type { CliCommand } from './cliIo';

/** A sub-command by name, and how to load it. */
export interface CliCommandEntry {
  readonly name: string;
  load(): CliCommand;
}

export const CLI_COMMANDS: readonly CliCommandEntry[] = [
  { name: 'validate', load: () => (require('./validateCommand') as typeof import('./validateCommand')).validateCommand },
  { name: 'plan', load: () => (require('./planCommand') as typeof import('./planCommand')).planCommand },
  { name: 'revise', load: () => (require('./reviseCommand') as typeof import('./reviseCommand')).reviseCommand },
  { name: 'run', load: () => (require('./runPlanCommand') as typeof import('./runPlanCommand')).runPlanCommand },
  { name: 'resume', load: () => (require('./resumeCommand') as typeof import('./resumeCommand')).resumeCommand },
  { name: 'worktree', load: () => (require('./worktreeCommand') as typeof import('./worktreeCommand')).worktreeCommand },
  { name: 'undo', load: () => (require('./undoCommand') as typeof import('./undoCommand')).undoCommand },
  { name: 'mcp', load: () => (require('./mcpCommand') as typeof import('./mcpCommand')).mcpCommand },
];
