// Dispatches `planwright` arguments to a command, and answers --help and --version.
import { CLI_COMMANDS } from './cliCommands';
import { EXIT, type CliIo } from './cliIo';
import { readEnvSettings } from './envInput';
import { MCP_CONFIG_HELP, runWithMcpConfig } from './mcpConfigOption';
import { PLANWRIGHT_VERSION } from '../node/version';

/** The `--help` text, generated from the command table. */
export function helpText(): string {
  const lines = CLI_COMMANDS.map((command) => `  ${command.load().usage}`);
  return [
    'planwright: plan coding tasks as checkable steps and run them.',
    '',
    'Usage:',
    ...lines,
    '  planwright --help | --version',
    '',
    MCP_CONFIG_HELP,
    '',
    'Exit codes: 0 ok, 1 failed, 2 bad input, 3 waiting for approval.',
    '',
  ].join('\n');
}

/** Runs one invocation and returns its exit code. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = args;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.stdout.write(helpText());
    return first === undefined ? EXIT.badInput : EXIT.ok;
  }
  if (first === '--version' || first === '-v') {
    io.stdout.write(`${PLANWRIGHT_VERSION}\n`);
    return EXIT.ok;
  }
  const command = CLI_COMMANDS.find((candidate) => candidate.name === first);
  if (!command) {
    io.stderr.write(`planwright: unknown command "${first}"\n\n${helpText()}`);
    return EXIT.badInput;
  }
  // The environment is checked once, for every command, before it reads a file or calls a model.
  const env = readEnvSettings(io.env);
  if ('error' in env && !rest.some((arg) => arg === '--help' || arg === '-h')) {
    io.stderr.write(`planwright ${first}: ${env.error}\n`);
    return EXIT.badInput;
  }
  return runWithMcpConfig(command.load(), rest, io);
}
