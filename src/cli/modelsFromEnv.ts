// The models a headless run may use, built from the environment: a planner for `--goal`, a re-planner,
// a solver (asked only with `--summary model`) and a worker model. Each is optional; a run without them
// still works (a plan file, no re-planning: a failure stops in needsReplan, the summary is the plain one).
import type { UsageRecord } from '../core/run/journalRecords';
import type { PlanStreamItem, Replanner, Solver, StepRepairer } from '../core/run/modelRoles';
import type { ValidPlan } from '../core/plan/planSchema';
import { planTask, planTaskStreamed } from '../core/planner/planTask';
import { summarizeWorkspace } from '../core/planner/workspaceSummary';
import type { ChatModel, PlanFormat, Workspace } from '../core/ports';
import { PlanFormatSchema } from '../core/run/planFormat';
import { ModelRepairer } from '../core/replanner/modelRepairer';
import { ModelReplanner } from '../core/replanner/modelReplanner';
import { projectRulesSource } from '../core/rules/projectRules';
import { ModelSolver } from '../core/solver/modelSolver';
import { OpenAiChatModel } from '../node/openAiChatModel';
import { DEFAULT_MODEL_TIMEOUT_SECONDS, ModelTimeoutSecondsSchema } from '../core/run/modelTimeout';

/** Plans a goal in a workspace: a plan through the validation gate, with the usage of the calls behind it. */
export type GoalPlanner = (
  goal: string,
  workspace: Workspace,
  signal: AbortSignal,
) => Promise<{ readonly plan: ValidPlan; readonly usage: readonly UsageRecord[] }>;

/** Plans a goal in a workspace as a stream of steps, each handed on as the planner writes it. */
export type GoalStreamer = (goal: string, workspace: Workspace, signal: AbortSignal) => AsyncIterable<PlanStreamItem>;

/** The models a run uses; each is absent when none is configured. */
export interface CliModels {
  readonly planGoal?: GoalPlanner;
  /** For `run --goal` in split mode: the plan streamed into the run, steps starting as they arrive. */
  readonly streamGoal?: GoalStreamer;
  /** The model that plans, for a goal in `auto` mode that escalates to a plan. */
  readonly plannerModel?: ChatModel;
  readonly replanner?: Replanner;
  /** The re-planner for a run in `workspace`, reading its rules files; preferred to `replanner` when present. */
  readonly replannerIn?: (workspace: Workspace) => Replanner;
  /** Whether prompts include the workspace's rules files (for a goal the CLI summarises itself). */
  readonly projectRules?: boolean;
  readonly repairer?: StepRepairer;
  readonly solver?: Solver;
  readonly workerModel?: ChatModel;
}

/** The environment variables that configure models. The API key is passed on as a value, never printed. */
export const MODEL_ENV = {
  baseUrl: 'PLANWRIGHT_BASE_URL',
  apiKey: 'PLANWRIGHT_API_KEY',
  apiKeyFallback: 'OPENAI_API_KEY',
  model: 'PLANWRIGHT_MODEL',
  plannerModel: 'PLANWRIGHT_PLANNER_MODEL',
  workerModel: 'PLANWRIGHT_WORKER_MODEL',
  /** `off` leaves the workspace's rules files (AGENTS.md, …) out of the prompts, as `--no-project-rules` does. */
  projectRules: 'PLANWRIGHT_PROJECT_RULES',
  /** `json` asks the planner for the small JSON form under a structured-output schema; `compact` (the default) for the plan language. */
  planFormat: 'PLANWRIGHT_PLAN_FORMAT',
  /** Seconds an endpoint may stay silent before an attempt is given up (120 by default). */
  timeout: 'PLANWRIGHT_MODEL_TIMEOUT',
} as const;

/** The flag of `plan`, `run` and `resume` that leaves the workspace's rules files out of the prompts. */
export const NO_PROJECT_RULES_FLAG = '--no-project-rules';

/** Takes `--no-project-rules` out of `args` and, when it was there, turns project rules off in the environment the models read. */
export function applyProjectRulesFlag<E extends Readonly<Record<string, string | undefined>>>(args: readonly string[], env: E): { readonly args: readonly string[]; readonly env: E } {
  if (!args.includes(NO_PROJECT_RULES_FLAG)) return { args, env };
  return { args: args.filter((arg) => arg !== NO_PROJECT_RULES_FLAG), env: { ...env, [MODEL_ENV.projectRules]: 'off' } };
}

/** Whether the environment lets prompts include the workspace's rules files (on unless PLANWRIGHT_PROJECT_RULES is off, 0 or false). */
export function projectRulesOn(env: Readonly<Record<string, string | undefined>>): boolean {
  return !['off', '0', 'false'].includes(env[MODEL_ENV.projectRules]?.trim().toLowerCase() ?? '');
}

/** The plan format PLANWRIGHT_PLAN_FORMAT names (compact when unset); throws naming the variable for any other value. */
export function planFormatOf(env: Readonly<Record<string, string | undefined>>): PlanFormat {
  const value = env[MODEL_ENV.planFormat]?.trim().toLowerCase();
  if (!value) return 'compact';
  const parsed = PlanFormatSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new Error(`${MODEL_ENV.planFormat} must be ${PlanFormatSchema.options.join(' or ')}, not ${JSON.stringify(env[MODEL_ENV.planFormat]!.slice(0, 40))}`);
}

/** The silence PLANWRIGHT_MODEL_TIMEOUT allows, in milliseconds (the default when unset); throws naming the variable for a bad value. */
export function modelTimeoutMsOf(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env[MODEL_ENV.timeout]?.trim();
  if (!raw) return DEFAULT_MODEL_TIMEOUT_SECONDS * 1000;
  const parsed = ModelTimeoutSecondsSchema.safeParse(/^\d+$/.test(raw) ? Number(raw) : Number.NaN);
  if (parsed.success) return parsed.data * 1000;
  throw new Error(`${MODEL_ENV.timeout} must be whole seconds from ${ModelTimeoutSecondsSchema.minValue} to ${ModelTimeoutSecondsSchema.maxValue}, not ${JSON.stringify(raw.slice(0, 40))}`);
}

/**
 * Builds the models the environment configures: none without a base URL; otherwise one
 * OpenAI-compatible client serving every role (planner model for planning and re-planning, worker
 * model for the rest). A missing model name is reported by the first call, naming the variable.
 */
export function modelsFromEnv(env: Readonly<Record<string, string | undefined>>): CliModels {
  const baseUrl = env[MODEL_ENV.baseUrl]?.trim();
  if (!baseUrl) return {};
  const shared = env[MODEL_ENV.model]?.trim();
  const model = new OpenAiChatModel({
    baseUrl,
    apiKey: env[MODEL_ENV.apiKey] || env[MODEL_ENV.apiKeyFallback] || undefined,
    plannerModel: env[MODEL_ENV.plannerModel]?.trim() || shared,
    workerModel: env[MODEL_ENV.workerModel]?.trim() || shared,
    planFormat: planFormatOf(env),
    timeoutMs: modelTimeoutMsOf(env),
  });
  const projectRules = projectRulesOn(env);
  return {
    planGoal: async (goal, workspace, signal) => planTask(goal, await summarizeWorkspace(workspace, { projectRules, goal }), model, signal),
    streamGoal: async function* (goal, workspace, signal) {
      yield* planTaskStreamed(goal, await summarizeWorkspace(workspace, { projectRules, goal }), model, signal);
    },
    plannerModel: model,
    replanner: new ModelReplanner(model),
    replannerIn: (workspace) => new ModelReplanner(model, projectRules ? projectRulesSource(workspace) : undefined),
    projectRules,
    repairer: new ModelRepairer(model),
    solver: new ModelSolver(model),
    workerModel: model,
  };
}
