// `planwright mcp`: Planwright as an MCP server over stdio, so another agent can hand it a plan to check,
// plan or run. Each tool drives the CLI command it corresponds to with its output captured, so a run
// through MCP is the same run `planwright run` makes (journal, trace, checks, exit status). A caller
// never approves more than the user allowed when starting the server (`--allow-approve`, default none).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdir, writeFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { z } from 'zod';
import { loadRunState } from '../core/executor/runRecorder';
import { runReport } from '../core/executor/runSummary';
import { evidenceReport } from '../core/view/evidenceReport';
import { parsePlanText } from '../core/plan/parsePlan';
import { formatProblem } from '../core/plan/planProblem';
import { messageOf } from '../core/text/errorText';
import type { CliCommand, CliIo } from './cliIo';
import { PLANWRIGHT_FOLDER } from './runFiles';
import { newRunId } from '../node/runId';
import { JsonlRecordLog } from '../node/jsonlRecordLog';
import { PLANWRIGHT_VERSION } from '../node/version';
import { approveAllowed, PLANWRIGHT_MCP_TOOLS, type ApproveMode } from './planwrightMcpTools';

/** The commands the tools drive, passed in so the server does not load them before they are used. */
export interface PlanwrightCommands {
  readonly plan: () => CliCommand;
  readonly run: () => CliCommand;
  readonly resume: () => CliCommand;
}

const text = (value: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) });

/** Runs `command` with `args`, capturing what it prints. */
async function capture(command: CliCommand, args: readonly string[], env: CliIo['env'], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (chunk: string) => (stdout += chunk) }, stderr: { write: (chunk: string) => (stderr += chunk) }, env, cwd };
  const code = await command.run(args, io);
  return { code, stdout, stderr };
}

function commandResult(result: { code: number; stdout: string; stderr: string }): CallToolResult {
  const body = result.stdout.trim() || result.stderr.trim();
  // Exit 3 (waiting for approval) and 1 (a step failed) are reports, not faults of the call.
  return text(body, result.code === 2 || body.length === 0);
}

/** The MCP server; `allowed` is the loosest approval mode a caller may ask for. */
export function createPlanwrightMcpServer(commands: PlanwrightCommands, allowed: ApproveMode, env: CliIo['env'], cwd: string): Server {
  const server = new Server({ name: 'planwright', version: PLANWRIGHT_VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: PLANWRIGHT_MCP_TOOLS.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: z.toJSONSchema(tool.input, { io: 'input' }) as { type: 'object' },
      annotations: tool.annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = PLANWRIGHT_MCP_TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) return text(`unknown tool ${request.params.name}`, true);
    const parsed = tool.input.safeParse(request.params.arguments ?? {});
    if (!parsed.success) return text(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('\n'), true);
    const args = parsed.data as Record<string, unknown>;
    const approve = args.approve as ApproveMode | undefined;
    if (approve && !approveAllowed(approve, allowed)) {
      return text(`approve "${approve}" is looser than the user allows (--allow-approve ${allowed}); ask the user, or use "${allowed}"`, true);
    }
    try {
      switch (tool.name) {
        case 'validate_plan': {
          const verdict = parsePlanText(JSON.stringify(args.plan), 'plan');
          return verdict.ok ? text(`valid: ${verdict.plan.steps.length} steps`) : text(verdict.problems.map(formatProblem).join('\n'), true);
        }
        case 'propose_plan':
          return commandResult(await capture(commands.plan(), [String(args.goal), '--workspace', String(args.workspace)], env, cwd));
        case 'run_plan': {
          const workspace = String(args.workspace);
          const folder = nodePath.join(workspace, PLANWRIGHT_FOLDER, 'runs');
          await mkdir(folder, { recursive: true });
          const runId = newRunId(new Date());
          const planFile = nodePath.join(folder, `${runId}.plan.json`);
          await writeFile(planFile, JSON.stringify(args.plan, null, 2));
          const journal = nodePath.join(folder, `${runId}.journal.jsonl`);
          return commandResult(await capture(commands.run(), [planFile, '--workspace', workspace, '--approve', String(approve), '--journal', journal, '--json'], env, cwd));
        }
        case 'run_status': {
          const state = await loadRunState(new JsonlRecordLog(String(args.journal)), () => undefined);
          return text(JSON.stringify({ ...runReport(state), evidence: evidenceReport(state), journal: args.journal }, null, 2));
        }
        case 'resume_run':
          return commandResult(await capture(commands.resume(), ['--journal', String(args.journal), '--approve', String(approve), '--json'], env, cwd));
        default:
          return text(`unknown tool ${tool.name}`, true);
      }
    } catch (error) {
      return text(`${tool.name} failed: ${messageOf(error)}`, true);
    }
  });
  return server;
}

/** Serves over this process's stdin and stdout; resolves when the client closes stdin. */
export async function serveStdio(server: Server): Promise<void> {
  const ended = new Promise<void>((resolve) => process.stdin.once('end', resolve));
  await server.connect(new StdioServerTransport());
  await ended;
  await server.close();
}
