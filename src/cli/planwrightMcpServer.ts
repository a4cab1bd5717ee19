// `planwright mcp`: Planwright as an MCP server over stdio, so another agent can hand it a plan to check,
// plan, revise or run. Each tool drives the CLI command it corresponds to with its output captured, so a run
// through MCP is the same run `planwright run` makes (journal, trace, checks, exit status). A caller
// never approves more than the user allowed when starting the server (`--allow-approve`, default none).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { z } from 'zod';
import { loadRunState } from '../core/executor/runRecorder';
import { runReport } from '../core/run/runSummary';
import { evidenceReport } from '../core/view/evidenceReport';
import { formatProblem } from '../core/plan/planProblem';
import { messageOf } from '../core/text/errorText';
import { EXIT, type CliCommand, type CliIo } from './cliIo';
import { holdsRecords, PLANWRIGHT_FOLDER, workspaceFolder } from './runFiles';
import { mcpApprovalGate, type StepApproval } from './mcpApprovals';
import { fileToRead } from './pathInput';
import { newRunId } from '../node/runId';
import { JsonlRecordLog } from '../node/jsonlRecordLog';
import { PLANWRIGHT_VERSION } from '../node/version';
import { approveAllowed, costFlags, PLANWRIGHT_MCP_TOOLS, scopeFlags, worktreeFlags, type ApproveMode } from './planwrightMcpTools';
import { revisePlanTool } from './mcpRevisePlan';
import { planVerdict, validLine } from './validateCommand';
import { reportedRunStatus } from '../core/run/undoneRun';

/** The commands the tools drive, passed in so the server does not load them before they are used. */
export interface PlanwrightCommands {
  readonly plan: () => CliCommand;
  readonly run: () => CliCommand;
  readonly resume: () => CliCommand;
}

const text = (value: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) });

/** What one tool call hands the command it drives: who approves, and where progress goes. */
interface CallContext {
  readonly approvals: ReturnType<typeof mcpApprovalGate>;
  readonly onProgress?: CliIo['onProgress'];
}

/** Runs `command` with `args`, capturing what it prints. */
async function capture(command: CliCommand, args: readonly string[], env: CliIo['env'], cwd: string, call?: CallContext): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    env,
    cwd,
    ...(call ? { approvals: call.approvals.gate } : {}),
    ...(call?.onProgress ? { onProgress: call.onProgress } : {}),
  };
  const code = await command.run(args, io);
  return { code, stdout, stderr };
}

/** Exit codes that refuse the call, having changed nothing: bad input, and a run another process holds (its holder named). */
const REFUSALS: ReadonlySet<number> = new Set([EXIT.badInput, EXIT.runHeld]);

function commandResult(result: { code: number; stdout: string; stderr: string }): CallToolResult {
  const body = result.stdout.trim() || result.stderr.trim();
  // Exit 3 (waiting for approval) and 1 (a step failed) are reports, not faults of the call.
  return text(body, REFUSALS.has(result.code) || body.length === 0);
}

/** A run's result: its report, and for each step that waits, the exact preview and the call that approves it. */
function runResult(result: { code: number; stdout: string; stderr: string }, call: CallContext, allowed: ApproveMode): CallToolResult {
  if (REFUSALS.has(result.code) || !result.stdout.trim().startsWith('{')) return commandResult(result);
  const report = JSON.parse(result.stdout) as Record<string, unknown>;
  const waiting = call.approvals.waiting;
  if (waiting.length === 0 || typeof report.journal !== 'string') return text(JSON.stringify(report, null, 2));
  const approvable = waiting.filter((step) => step.approvable).map(({ stepId, argsHash }) => ({ stepId, argsHash }));
  const next =
    approvable.length > 0
      ? { tool: 'approve_steps', arguments: { journal: report.journal, steps: approvable } }
      : `the user allows approving ${allowed === 'none' ? 'nothing' : 'read-only steps only'} here (planwright mcp --allow-approve ${allowed}): ask them to run planwright resume --journal ${report.journal}, or to start the server with a looser --allow-approve`;
  return text(JSON.stringify({ ...report, waiting, toApprove: next }, null, 2));
}

/** Sends `notifications/progress` for a run when the caller gave a progress token. */
function progressSender(extra: RequestHandlerExtra<ServerRequest, ServerNotification>): CliIo['onProgress'] {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  let progress = 0;
  return (line, ended, total) => {
    progress = Math.max(progress + 1, ended);
    void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress, total: Math.max(total, progress), message: line } }).catch(() => undefined);
  };
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
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    // A call the server cannot understand is a protocol error; a call it understood but refuses is a tool error in the CLI's words.
    const tool = PLANWRIGHT_MCP_TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}`);
    const parsed = tool.input.safeParse(request.params.arguments ?? {});
    if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; '));
    const args = parsed.data as Record<string, unknown>;
    const approve = args.approve as ApproveMode | undefined;
    if (approve && !approveAllowed(approve, allowed)) {
      return text(`approve "${approve}" is looser than the user allows (--allow-approve ${allowed}); ask the user, or use "${allowed}"`, true);
    }
    const onProgress = progressSender(extra);
    const call = (approved: readonly StepApproval[] = []): CallContext => ({ approvals: mcpApprovalGate(allowed, approved), ...(onProgress ? { onProgress } : {}) });
    try {
      switch (tool.name) {
        case 'validate_plan':
          return await validatePlan(args.plan, args.workspace as string | undefined);
        case 'propose_plan':
          return commandResult(await capture(commands.plan(), [String(args.goal), '--workspace', String(args.workspace)], env, cwd));
        case 'revise_plan':
          return text(...(await revisePlanTool(args, env)));
        case 'run_plan':
          return await runPlan(commands.run(), args.plan, String(args.workspace), ['--approve', String(approve), ...costFlags(args), ...scopeFlags(args), ...worktreeFlags(args)], env, cwd, call(), allowed);
        case 'run_status':
          return await runStatus(String(args.journal));
        case 'resume_run': {
          const context = call();
          return runResult(await capture(commands.resume(), ['--journal', String(args.journal), '--approve', String(approve), ...costFlags(args), ...scopeFlags(args), '--json'], env, cwd, context), context, allowed);
        }
        case 'approve_steps': {
          if (allowed === 'none') return text('the user allows approving nothing here (planwright mcp --allow-approve none): ask them to approve, or to start the server with --allow-approve reads or all', true);
          const context = call(args.steps as StepApproval[]);
          return runResult(await capture(commands.resume(), ['--journal', String(args.journal), ...costFlags(args), ...scopeFlags(args), '--json'], env, cwd, context), context, allowed);
        }
        default:
          throw new McpError(ErrorCode.InvalidParams, `unknown tool ${tool.name}`);
      }
    } catch (error) {
      if (error instanceof McpError) throw error;
      return text(`${tool.name} failed: ${messageOf(error)}`, true);
    }
  });
  return server;
}

/** `validate_plan`: the gate's problems, and with a workspace what `validate --workspace` reports. */
async function validatePlan(plan: unknown, workspace: string | undefined): Promise<CallToolResult> {
  const folder = workspace === undefined ? undefined : await workspaceFolder(workspace);
  if (folder && 'error' in folder) return text(folder.error, true);
  const verdict = await planVerdict(JSON.stringify(plan), 'plan', folder?.root);
  return 'problems' in verdict ? text(verdict.problems.map(formatProblem).join('\n'), true) : text(validLine(verdict.plan));
}

/** `run_plan`: refused like the CLI when the workspace is not there (nothing created); the plan file is named after the run. */
async function runPlan(command: CliCommand, plan: unknown, workspace: string, flags: readonly string[], env: CliIo['env'], cwd: string, call: CallContext, allowed: ApproveMode): Promise<CallToolResult> {
  const folder = await workspaceFolder(workspace);
  if ('error' in folder) return text(`planwright run: ${folder.error}`, true);
  const runs = nodePath.join(folder.root, PLANWRIGHT_FOLDER, 'runs');
  await mkdir(runs, { recursive: true });
  const planFile = nodePath.join(runs, `${newRunId(new Date())}.plan.json`);
  await writeFile(planFile, JSON.stringify(plan, null, 2));
  // The run picks its own id and journal (`<runId>.journal.jsonl`); the plan file takes the same name after.
  const result = await capture(command, [planFile, '--workspace', folder.root, ...flags, '--json'], env, cwd, call);
  const runId = result.stdout.trim().startsWith('{') ? (JSON.parse(result.stdout) as { runId?: unknown }).runId : undefined;
  if (typeof runId === 'string') await rename(planFile, nodePath.join(runs, `${runId}.plan.json`));
  return runResult(result, call, allowed);
}

/** `run_status`: the report, or "no such run" (no journal) and "not started" (a journal with nothing in it yet). */
async function runStatus(journal: string): Promise<CallToolResult> {
  const file = await fileToRead('/', journal, 'journal');
  if ('error' in file) return text(file.missing ? `no such run: no journal at ${journal}` : file.error, true);
  if (!(await holdsRecords(file.path))) return text(`not started: the run of ${journal} has journalled no step yet`);
  const state = await loadRunState(new JsonlRecordLog(file.path), () => undefined);
  return text(JSON.stringify({ ...runReport(state), status: reportedRunStatus(state), evidence: evidenceReport(state), journal }, null, 2));
}

/** Serves over this process's stdin and stdout; resolves when the client closes stdin. */
export async function serveStdio(server: Server): Promise<void> {
  const ended = new Promise<void>((resolve) => process.stdin.once('end', resolve));
  await server.connect(new StdioServerTransport());
  await ended;
  await server.close();
}
