// Sub-plans for a headless run: who writes a child plan (the planner model, or the worker model when
// PLANWRIGHT_SUBPLAN_WRITER=worker), where child journals go (beside the parent's, one pair of files per
// child run), and the record of every child's report that `--json` nests under its step.
import type { RunDeps } from '../core/executor/planRun';
import { DEFAULT_RUN_OPTIONS, type RunOptions } from '../core/run/runOptions';
import { planTask } from '../core/planner/planTask';
import { summarizeWorkspace } from '../core/planner/workspaceSummary';
import type { ChildRecord } from '../core/subplan/nestedReport';
import type { ChildPlanner, SubplanRunner, SubplanRunnerDeps } from '../core/subplan/subplanRunner';
import { fileSubplanRunner } from '../node/fileSubplans';
import type { CliModels } from './modelsFromEnv';

/** Set to `worker` to have the worker model write child plans instead of the planner model. */
export const SUBPLAN_WRITER_ENV = 'PLANWRIGHT_SUBPLAN_WRITER';

/** The child plan writer the environment and models allow, or undefined when there is none. */
function childPlanner(models: CliModels, env: Readonly<Record<string, string | undefined>>): ChildPlanner | undefined {
  const worker = env[SUBPLAN_WRITER_ENV]?.trim() === 'worker' ? models.workerModel : undefined;
  if (worker) return async (goal, workspace, signal) => planTask(goal, await summarizeWorkspace(workspace, { goal }), worker, signal);
  return models.planGoal;
}

/** What a headless run needs to run sub-plans. */
export interface CliSubplans {
  readonly runner?: SubplanRunner;
  /** Every child's last report, by child run id. */
  readonly children: Map<string, ChildRecord>;
}

/** Sub-plans for a run journalled at `journalPath`; no runner when no model can write a child plan. */
export function cliSubplans(
  journalPath: string,
  models: CliModels,
  env: Readonly<Record<string, string | undefined>>,
  base: Pick<RunDeps, 'workspace' | 'commands' | 'clock' | 'logger' | 'approvals' | 'workerModel' | 'repairer' | 'claims' | 'costCap'>,
  options: RunOptions = DEFAULT_RUN_OPTIONS,
  onChildChange?: SubplanRunnerDeps['onChildChange'],
): CliSubplans {
  const children = new Map<string, ChildRecord>();
  const planChild = childPlanner(models, env);
  if (!planChild) return { children };
  const runner = fileSubplanRunner(journalPath, {
    base,
    planChild,
    ...(models.replannerIn ? { replannerIn: models.replannerIn } : models.replanner ? { replannerIn: () => models.replanner! } : {}),
    options,
    reports: children,
    ...(onChildChange ? { onChildChange } : {}),
  });
  return { runner, children };
}
