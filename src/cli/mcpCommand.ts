// `planwright mcp [--allow-approve none|reads|all]`: serves Planwright's tools (validate_plan, propose_plan, approve_steps,
// run_plan, run_status, resume_run) over stdio to an MCP client. `--allow-approve` is the user's word on
// how much a calling agent may approve on their behalf; without it, nothing that needs approval runs.
import { ApproveModeSchema, type ApproveMode } from './planwrightMcpTools';
import { EXIT, type CliCommand, type CliIo } from './cliIo';

const USAGE = 'planwright mcp [--allow-approve none|reads|all]';

/** The `mcp` sub-command. */
export const mcpCommand: CliCommand = {
  name: 'mcp',
  usage: `${USAGE}\n      serve validate_plan, propose_plan, run_plan, run_status, resume_run, approve_steps to an MCP client over stdio`,
  run: serve,
};

async function serve(args: readonly string[], io: CliIo): Promise<number> {
  let allowed: ApproveMode = 'none';
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    const value = arg === '--allow-approve' ? args[++index] : arg.startsWith('--allow-approve=') ? arg.slice('--allow-approve='.length) : undefined;
    if (arg === '--help' || arg === '-h') {
      io.stdout.write(`Usage: ${USAGE}\n`);
      return EXIT.ok;
    }
    const parsed = ApproveModeSchema.safeParse(value);
    if (!parsed.success) {
      io.stderr.write(`planwright mcp: ${value === undefined ? `unknown argument ${arg}` : `--allow-approve must be none, reads or all, not "${value}"`}; see planwright mcp --help\n`);
      return EXIT.badInput;
    }
    allowed = parsed.data;
  }
  const { createPlanwrightMcpServer, serveStdio } = require('./planwrightMcpServer') as typeof import('./planwrightMcpServer');
  const commands = {
    plan: () => (require('./planCommand') as typeof import('./planCommand')).planCommand,
    run: () => (require('./runPlanCommand') as typeof import('./runPlanCommand')).runPlanCommand,
    resume: () => (require('./resumeCommand') as typeof import('./resumeCommand')).resumeCommand,
  };
  await serveStdio(createPlanwrightMcpServer(commands, allowed, io.env, io.cwd));
  return EXIT.ok;
}
