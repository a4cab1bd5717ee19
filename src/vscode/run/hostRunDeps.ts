// The ports a run of the open plan works through, built from the host adapters: the workspace folder's files
// and commands, the run's journal and trace, the log, the approval gate and, when configured, the models;
// and the options a run takes from the settings: all of them for a new run, only those changed for a resumed one.
import type * as vscode from 'vscode';
import { PlanRun, type RunDeps } from '../../core/executor/planRun';
import type { RunOptions } from '../../core/run/runOptions';
import type { RunState } from '../../core/run/runState';
import { runOptionsFromSettings } from '../../core/hostSettings';
import type { Logger } from '../../core/ports';
import { ModelRepairer } from '../../core/replanner/modelRepairer';
import { ModelReplanner } from '../../core/replanner/modelReplanner';
import { projectRulesSource } from '../../core/rules/projectRules';
import { resumeOverrides } from '../../core/resumeOverrides';
import { ModelSolver } from '../../core/solver/modelSolver';
import { messageOf } from '../../core/text/errorText';
import { nodeClock } from '../../node/nodeClock';
import type { RunHost, RunModels } from './runHost';
import type { RunFiles } from './runStorage';

/** The ports of a run in `folder` journalled to `files`; `onChange` hears every change of the run. */
export function hostRunDeps(
  host: RunHost,
  folder: vscode.WorkspaceFolder,
  files: RunFiles,
  models: RunModels | undefined,
  onChange: (state: RunState, stepIds: readonly string[]) => void,
): RunDeps {
  const { workspace, commands } = host.ports(folder);
  const log = host.log;
  const logger: Logger = { info: (message) => log.info(message), warn: (message) => log.warn(message), error: (message) => log.error(message) };
  return {
    workspace,
    commands,
    clock: nodeClock,
    journal: files.journal,
    trace: files.trace,
    logger,
    approvals: host.approvals,
    ...(models ? { workerModel: models.worker, replanner: new ModelReplanner(models.planner, host.settings().projectRules ? projectRulesSource(workspace) : undefined), repairer: new ModelRepairer(models.worker), solver: new ModelSolver(models.worker) } : {}),
    onChange,
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

/** The journalled run rebuilt to carry on, with its journalled options and only the settings changed since. */
export async function resumeHostRun(host: RunHost, state: RunState, deps: (models: RunModels | undefined) => RunDeps): Promise<PlanRun> {
  return PlanRun.resume(deps(await optionalModels(host)), resumeOverrides(host.settings(), state.options), state);
}
