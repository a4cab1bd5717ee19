// The ports a run of the open plan works through, built from the host adapters: the workspace folder's files
// and commands, the run's journal and trace, the log, the approval gate and, when configured, the models;
// and the options a run takes from the settings: all of them for a new run, only those changed for a resumed one.
// With the models, `subplan` steps run as child runs planned by the planner model, journalled beside the run;
// `onChildChange` hears every change of a child run (and of theirs), for the tree to nest them. A run with a cost
// cap gets its models through the cap's guard (cappedRunModels.ts), sub-plans and a goal's planner and agent included.
import type * as vscode from 'vscode';
import type { RunDeps } from '../../core/executor/planRun';
import { openRun, type GoalModels, type OpenedRun } from '../../core/door/openRun';
import { isAgentRun } from '../../core/run/agentRun';
import type { RunOptions } from '../../core/run/runOptions';
import type { RunState } from '../../core/run/runState';
import type { UsageRecord } from '../../core/run/journalRecords';
import type { GoalDeps } from '../../core/fused/runGoal';
import { cappedRunModels } from './cappedRunModels';
import { runOptionsFromSettings } from '../../core/hostSettings';
import type { Logger, Workspace } from '../../core/ports';
import { ModelRepairer } from '../../core/replanner/modelRepairer';
import { ModelReplanner } from '../../core/replanner/modelReplanner';
import { projectRulesSource } from '../../core/rules/projectRules';
import { resumeOverrides } from '../../core/resumeOverrides';
import { ModelSolver } from '../../core/solver/modelSolver';
import { modelChildPlanner } from '../../core/subplan/modelChildPlanner';
import { messageOf } from '../../core/text/errorText';
import { fileSubplanRunner } from '../../node/fileSubplans';
import { nodeClock } from '../../node/nodeClock';
import type { RunHost, RunModels } from './runHost';
import type { RunFiles } from './runStorage';

/** A run's ports, with the models a goal's planner and agent use (through the run's cost cap, when it has one). */
export type HostRunDeps = RunDeps & Partial<Pick<GoalDeps, 'plannerModel' | 'agentModel'>>;

/**
 * The ports of a run in `folder` journalled to `files` with `options`, having spent `spent` (a resumed run's
 * calls); `onChange` hears every change of the run. Throws when the cost cap refuses a model without a price.
 */
export function hostRunDeps(
  host: RunHost,
  folder: vscode.WorkspaceFolder,
  files: RunFiles,
  configured: RunModels | undefined,
  options: RunOptions,
  onChange: (state: RunState, stepIds: readonly string[]) => void,
  onChildChange?: (childRunId: string, state: RunState) => void,
  spent: readonly UsageRecord[] = [],
): HostRunDeps {
  const { workspace, commands } = host.ports(folder);
  const log = host.log;
  const approvals = host.approvals.gateOf(files.runId);
  const logger: Logger = { info: (message) => log.info(message), warn: (message) => log.warn(message), error: (message) => log.error(message) };
  if (!configured) return { workspace, commands, clock: nodeClock, logger, approvals, journal: files.journal, trace: files.trace, onChange };
  const { models, guard } = cappedRunModels(configured, options, host.settings(), spent);
  const base = { workspace, commands, clock: nodeClock, logger, approvals, ...(guard ? { costCap: guard } : {}) };
  const projectRules = host.settings().projectRules;
  const replannerIn = (scoped: Workspace) => new ModelReplanner(models.planner, projectRules ? projectRulesSource(scoped) : undefined);
  const repairer = new ModelRepairer(models.worker);
  const subplans = fileSubplanRunner(files.journalPath, {
    base: { ...base, workerModel: models.worker, repairer },
    planChild: modelChildPlanner(models.planner, projectRules),
    replannerIn,
    options,
    ...(onChildChange ? { onChildChange: (childRunId: string, state: RunState) => onChildChange(childRunId, state) } : {}),
  });
  return {
    ...base,
    journal: files.journal,
    trace: files.trace,
    workerModel: models.worker,
    replanner: replannerIn(workspace),
    repairer,
    solver: new ModelSolver(models.worker),
    subplans,
    onChange,
    plannerModel: models.planner,
    agentModel: models.worker,
  };
}

/** The models if configured; a run without them cannot re-plan or summarise with a model, and says so. */
export async function optionalModels(host: RunHost): Promise<RunModels | undefined> {
  try {
    return await host.models();
  } catch (error) {
    host.log.warn(`Running without a model (no re-planning, a plain summary): ${messageOf(error)}`);
    return undefined;
  }
}

/** A new run's options: the settings over the defaults. */
export function newRunOptions(host: RunHost): RunOptions {
  return runOptionsFromSettings(host.settings());
}

/**
 * The journalled run opened to carry on through core's openRun, as every door resumes, with its journalled
 * options and only the settings changed since. A plan run can go on without the models (no re-planning); a
 * fused agent's run goes on with the agent, so the models are asked for (and a missing one refused) before
 * any port is built. A cancelled run stays cancelled: the editor asks before reopening one.
 */
export async function resumeHostRun(
  host: RunHost,
  state: RunState,
  deps: (models: RunModels | undefined, options: RunOptions, spent: readonly UsageRecord[]) => HostRunDeps,
): Promise<OpenedRun> {
  const overrides = resumeOverrides(host.settings(), state.options);
  const models = isAgentRun(state) ? await host.models() : await optionalModels(host);
  const built = deps(models, { ...state.options, ...overrides }, state.usage.map((entry) => entry.usage));
  const agent = models ? { models: goalModels(built, models) } : {};
  return openRun({ kind: 'resume', state, overrides, projectRules: host.settings().projectRules, ...agent }, built);
}

/** The planner and agent of a goal's run: the run's deps' (through its cost cap, when it has one), else the configured ones. */
export function goalModels(deps: HostRunDeps, configured: RunModels): GoalModels {
  return { planner: deps.plannerModel ?? configured.planner, agent: deps.agentModel ?? configured.worker };
}
