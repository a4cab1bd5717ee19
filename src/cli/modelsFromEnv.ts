// The models a headless run may use, built from the environment: a planner for `--goal`, a re-planner,
// a solver (asked only with `--summary model`) and a worker model. Each is optional; a run without them
// still works (a plan file, no re-planning: a failure stops in needsReplan, the summary is the plain one).
import type { UsageRecord } from '../core/run/journalRecords';
import type { Replanner, Solver, StepRepairer } from '../core/run/modelRoles';
import type { ValidPlan } from '../core/plan/planSchema';
import { planTask } from '../core/planner/planTask';
import { summarizeWorkspace } from '../core/planner/workspaceSummary';
import type { ChatModel, Workspace } from '../core/ports';
import { ModelRepairer } from '../core/replanner/modelRepairer';
import { ModelReplanner } from '../core/replanner/modelReplanner';
import { projectRulesSource } from '../core/rules/projectRules';
import { ModelSolver } from '../core/solver/modelSolver';
import { OpenAiChatModel } from '../node/openAiChatModel';
import { MODEL_ENV, readEnvSettings } from './envInput';
import type { CostGuard } from '../core/cost/costCap';
import { cappedModel } from './costCapSetup';

/** Plans a goal in a workspace: a plan through the validation gate, with the usage of the calls behind it. */
export type GoalPlanner = (
  goal: string,
  workspace: Workspace,
  signal: AbortSignal,
) => Promise<{ readonly plan: ValidPlan; readonly usage: readonly UsageRecord[] }>;

/** The models a run uses; each is absent when none is configured. */
export interface CliModels {
  readonly planGoal?: GoalPlanner;
  /** The model that plans a goal (`run --goal`, in every mode) and an escalation's plan. */
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

/** Builds a run's models from the environment, through the run's cost cap when it has one. */
export type ModelsOf = (env: Readonly<Record<string, string | undefined>>, costCap?: CostGuard) => CliModels;

/** The flag of `plan`, `run` and `resume` that leaves the workspace's rules files out of the prompts. */
export const NO_PROJECT_RULES_FLAG = '--no-project-rules';

/** Takes `--no-project-rules` out of `args` and, when it was there, turns project rules off in the environment the models read. */
export function applyProjectRulesFlag<E extends Readonly<Record<string, string | undefined>>>(args: readonly string[], env: E): { readonly args: readonly string[]; readonly env: E } {
  if (!args.includes(NO_PROJECT_RULES_FLAG)) return { args, env };
  return { args: args.filter((arg) => arg !== NO_PROJECT_RULES_FLAG), env: { ...env, [MODEL_ENV.projectRules]: 'off' } };
}

/**
 * Builds the models the environment configures: none without a base URL; otherwise one
 * OpenAI-compatible client serving every role (planner model for planning and re-planning, worker
 * model for the rest), through `costCap` when the run has one.
 */
export function modelsFromEnv(env: Readonly<Record<string, string | undefined>>, costCap?: CostGuard): CliModels {
  const read = readEnvSettings(env);
  // Every command checks the environment before it starts (runCli); this is the backstop for other callers.
  if ('error' in read) throw new Error(read.error);
  const { baseUrl, apiKey, plannerModel, workerModel, planFormat, timeoutMs, projectRules } = read.settings;
  if (!baseUrl) return {};
  const endpoint = new OpenAiChatModel({ baseUrl, apiKey, plannerModel, workerModel, planFormat, timeoutMs });
  // Every role's calls, sub-plans' too, go through the run's cost cap when it has one.
  const model = cappedModel(endpoint, costCap, (role) => endpoint.modelFor(role).model);
  return {
    planGoal: async (goal, workspace, signal) => planTask(goal, await summarizeWorkspace(workspace, { projectRules, goal }), model, signal),
    plannerModel: model,
    replanner: new ModelReplanner(model),
    replannerIn: (workspace) => new ModelReplanner(model, projectRules ? projectRulesSource(workspace) : undefined),
    projectRules,
    repairer: new ModelRepairer(model),
    solver: new ModelSolver(model),
    workerModel: model,
  };
}
