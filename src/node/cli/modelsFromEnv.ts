// The models a headless run may use, built from the environment: a planner for `--goal`, a re-planner,
// a solver and a worker model. Each is optional; a run without them still works (a plan file, no
// re-planning: a failure stops in needsReplan, the summary is the deterministic one).
import type { UsageRecord } from '../../core/executor/journalRecords';
import type { Replanner } from '../../core/executor/replanning';
import type { Solver } from '../../core/executor/runSummary';
import type { ValidPlan } from '../../core/plan/planSchema';
import type { ChatModel, Workspace } from '../../core/ports';

/** Plans a goal in a workspace: a plan through the validation gate, with the usage of the calls behind it. */
export type GoalPlanner = (
  goal: string,
  workspace: Workspace,
  signal: AbortSignal,
) => Promise<{ readonly plan: ValidPlan; readonly usage: readonly UsageRecord[] }>;

/** The models a run uses; each is absent when none is configured. */
export interface CliModels {
  readonly planGoal?: GoalPlanner;
  readonly replanner?: Replanner;
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
} as const;

/** Builds the models the environment configures; none while no model adapter is wired in here. */
export function modelsFromEnv(_env: Readonly<Record<string, string | undefined>>): CliModels {
  return {};
}
