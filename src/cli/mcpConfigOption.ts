// `--mcp-config FILE` on the command line: taken out of a command's arguments before the command parses
// the rest, so each command keeps its own parser. The servers start before the command runs (a plan is
// checked against their tools) and stop when it ends, however it ends.
import * as nodePath from 'node:path';
import type { CliCommand, CliIo } from '../cli/cliIo';
import { EXIT } from '../cli/cliIo';
import { fileToRead } from './pathInput';

const FLAG = '--mcp-config';

/** The help line for the option. */
export const MCP_CONFIG_HELP = `${FLAG} FILE (any command) adds the tools of the MCP servers in FILE (mcp.json: "servers" or "mcpServers") as mcp.<server>.<tool>`;

/** `args` without `--mcp-config FILE` (or `--mcp-config=FILE`), and the file; an error when it is malformed. */
export function takeMcpConfig(args: readonly string[]): { readonly rest: readonly string[]; readonly file?: string } | { readonly error: string } {
  const rest: string[] = [];
  let file: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    const inline = arg.startsWith(`${FLAG}=`) ? arg.slice(FLAG.length + 1) : undefined;
    if (arg !== FLAG && inline === undefined) {
      rest.push(arg);
      continue;
    }
    const value = inline ?? args[++index];
    if (value === undefined || value.length === 0 || (inline === undefined && value.startsWith('--'))) return { error: `${FLAG} needs a file` };
    if (file !== undefined) return { error: `${FLAG} given twice` };
    file = value;
  }
  return file === undefined ? { rest } : { rest, file };
}

/** Runs `command` with the MCP servers of `--mcp-config` started and their tools registered. */
export async function runWithMcpConfig(command: CliCommand, args: readonly string[], io: CliIo): Promise<number> {
  const taken = takeMcpConfig(args);
  if ('error' in taken) {
    io.stderr.write(`planwright ${command.name}: ${taken.error}\n`);
    return EXIT.badInput;
  }
  if (taken.file === undefined) return command.run(taken.rest, io);
  const checked = await fileToRead(io.cwd, taken.file, FLAG);
  if ('error' in checked) {
    io.stderr.write(`planwright ${command.name}: ${checked.error}\n`);
    return EXIT.badInput;
  }
  // Loaded only when asked for: the SDK and the servers' schemas (zod's included) are not evaluated by
  // commands run without MCP servers, nor by --help and --version.
  const { openMcpTools, readMcpConfigFile } = require('../node/mcp/mcpToolSession') as typeof import('../node/mcp/mcpToolSession');
  const { mcpRunRecord } = require('../core/mcp/mcpRunRecord') as typeof import('../core/mcp/mcpRunRecord');
  const file = checked.path;
  const config = await readMcpConfigFile(file);
  if ('problems' in config) {
    for (const problem of config.problems) io.stderr.write(`planwright ${command.name}: ${problem}\n`);
    return EXIT.badInput;
  }
  const session = await openMcpTools(config.servers, nodePath.dirname(file));
  try {
    for (const problem of session.problems) io.stderr.write(`planwright: warning: ${problem}\n`);
    return await command.run(taken.rest, { ...io, mcp: mcpRunRecord(config.servers, nodePath.dirname(file), file) });
  } finally {
    await session.close();
  }
}
