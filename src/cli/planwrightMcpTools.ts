// The tools `planwright mcp` offers other agents, each with its input schema (zod, sent as JSON Schema)
// and annotations that say what it really does. They drive the same commands as the CLI, with their
// output captured: a run is journalled, checked and resumable exactly like `planwright run`.
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { MaxCostSchema } from '../core/run/runOptions';

/** How much a caller may approve: a run never approves more than the user's `--allow-approve` flag. */
export const ApproveModeSchema = z.enum(['none', 'reads', 'all']);

/** An approval mode of `run_plan` and `resume_run`. */
export type ApproveMode = z.infer<typeof ApproveModeSchema>;

const RANK: Readonly<Record<ApproveMode, number>> = { none: 0, reads: 1, all: 2 };

/** True when `asked` is no looser than `allowed`. */
export function approveAllowed(asked: ApproveMode, allowed: ApproveMode): boolean {
  return RANK[asked] <= RANK[allowed];
}

const Plan = z.record(z.string(), z.unknown()).describe('A Planwright plan (version 1): {version, goal, steps:[{id, title, tool, args, dependsOn?, postcondition?}]}.');
/** An absolute path: a server's working folder is no caller's business, so relative paths are refused. */
const absolute = (what: string) => z.string().min(1).refine((path) => isAbsolute(path), { message: `${what} must be an absolute path` });
const Workspace = absolute('workspace').describe('Absolute path of the folder the plan works in.');
const Approve = ApproveModeSchema.default('none').describe(
  'What runs without the user: none (default: every step that needs approval waits), reads, or all. Refused when looser than the user allowed with --allow-approve.',
);
const Journal = absolute('journal').describe('Absolute path of the run journal that run_plan returned.');
const MaxCost = MaxCostSchema.optional().describe(
  'The most the run\'s priced model calls may spend, in US dollars (as planwright run --max-cost): before a call that would pass it the run pauses (status "paused", costCap.reached says why) and resume_run with a higher maxCost carries on.',
);
const AllowUnpriced = z.boolean().optional().describe('With maxCost: let calls of models without a price through, uncounted (otherwise the run refuses to start, naming them).');
const Prices = absolute('prices').optional().describe('Absolute path of a prices file (as planwright run --prices): { "model-id": { "input": N, "cachedInput"?: N, "output": N } }, US dollars per million tokens.');
const AllowScopeGrowth = z
  .boolean()
  .optional()
  .describe('Let a step that widens the approved scope (a re-plan that makes the plan change a file, or run a command, the plan you were given did not) run under approve instead of waiting (as planwright run --allow-scope-growth). Off by default: such a step waits even under approve "all".');
const Worktree = z
  .boolean()
  .optional()
  .describe(
    'Run in a new git worktree of the workspace, on the branch planwright/<run id> (as planwright run --worktree): the workspace itself is not touched; the report\'s worktree says where, and planwright worktree diff|apply|keep|discard ends it. resume_run and approve_steps go on in the same worktree. The workspace must be a git repository.',
  );
/** The cost arguments of the run tools, and whether the scope may grow. */
const COST_ARGS = { maxCost: MaxCost, allowUnpriced: AllowUnpriced, prices: Prices, allowScopeGrowth: AllowScopeGrowth };

/** The CLI flag of run_plan's `worktree`. */
export function worktreeFlags(args: Readonly<Record<string, unknown>>): string[] {
  return args.worktree === true ? ['--worktree'] : [];
}

/** The CLI flag of a run tool's `allowScopeGrowth`. */
export function scopeFlags(args: Readonly<Record<string, unknown>>): string[] {
  return args.allowScopeGrowth === true ? ['--allow-scope-growth'] : [];
}

/** The CLI flags the cost arguments of a run tool's call stand for. */
export function costFlags(args: Readonly<Record<string, unknown>>): string[] {
  return [
    ...(typeof args.prices === 'string' ? ['--prices', args.prices] : []),
    ...(typeof args.maxCost === 'number' ? ['--max-cost', String(args.maxCost)] : []),
    ...(args.allowUnpriced === true ? ['--allow-unpriced'] : []),
  ];
}

const StepApprovals = z
  .array(z.object({ stepId: z.string().min(1), argsHash: z.string().regex(/^[0-9a-f]{16}$/) }).strict())
  .min(1)
  .describe('The steps to approve, each by its id and the argsHash the waiting list showed (a step whose arguments changed since is not approved).');

/** One tool: name, description, zod input, and its MCP annotations. */
export interface PlanwrightMcpTool {
  readonly name: string;
  readonly description: string;
  readonly input: z.ZodObject;
  readonly annotations: { readonly readOnlyHint: boolean; readonly destructiveHint?: boolean; readonly idempotentHint?: boolean; readonly openWorldHint: boolean };
}

/** The tools, in the order they are listed. */
export const PLANWRIGHT_MCP_TOOLS: readonly PlanwrightMcpTool[] = [
  {
    name: 'validate_plan',
    description: "Check a plan with Planwright's validation gate (tools, arguments, references, cycles, postconditions); lists every problem with its step and field.",
    input: z.object({ plan: Plan, workspace: Workspace.optional() }).strict(),
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'propose_plan',
    description: "Ask Planwright's planner model for a plan that reaches a goal in a workspace. Nothing runs; the plan comes back through the validation gate.",
    input: z.object({ goal: z.string().min(1), workspace: Workspace }).strict(),
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  {
    name: 'revise_plan',
    description:
      "Revise a plan from a comment (\"use yargs for the flag\", \"don't touch README\"): Planwright's planner model answers a patch, scoped to one step when step is given. Returns the review (steps added, changed and dropped, what the plan touches, what widens its scope), the patch and the revised plan, which run_plan takes. Nothing runs and nothing is written.",
    input: z.object({ plan: Plan, comment: z.string().trim().min(1).describe('What to change, in a sentence.'), step: z.string().min(1).optional().describe('The id of the step the comment is about; absent: the whole plan.') }).strict(),
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  {
    name: 'run_plan',
    description:
      'Run a plan: each step is one tool call whose postcondition is checked; a failed step invalidates its dependents; every step is journalled. Returns the run report and its journal, for run_status and resume_run.',
    input: z.object({ plan: Plan, workspace: Workspace, approve: Approve, worktree: Worktree, ...COST_ARGS }).strict(),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  },
  {
    name: 'run_status',
    description: 'The report of a run from its journal: status, each step with its status, attempts and error, and its evidence (acceptance checks, proofs, files changed). Runs nothing; says "no such run" when the journal does not exist and "not started" when it holds nothing yet.',
    input: z.object({ journal: Journal }).strict(),
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'resume_run',
    description: 'Continue a run from its journal (after a stop, an approval wait or a crash); completed steps never run again.',
    input: z.object({ journal: Journal, approve: Approve, ...COST_ARGS }).strict(),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  },
  {
    name: 'approve_steps',
    description:
      'Approve steps a run waits for, by step id and the argsHash its waiting list showed, and carry the run on; other waiting steps keep waiting. Only what the user allowed with --allow-approve (reads: read-only steps; all: any step).',
    input: z.object({ journal: Journal, steps: StepApprovals, ...COST_ARGS }).strict(),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  },
];
