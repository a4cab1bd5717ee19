// `planwright run <plan.json | --goal "…"> --workspace DIR [...]`: runs a plan file (or a plan made from
// a goal by the planner model) in a workspace, journalling every step so `planwright resume` can pick
// it up after a crash. Exit 0 succeeded, 1 failed or needs a re-plan, 2 bad input, 3 waiting for approval.
import * as nodePath from 'node:path';
import type { UsageRecord } from '../../core/executor/journalRecords';
import { PlanRun } from '../../core/executor/planRun';
import { DEFAULT_RUN_OPTIONS, type RunOptions } from '../../core/executor/runOptions';
import type { ValidPlan } from '../../core/plan/planSchema';
import { messageOf } from '../../core/textPreview';
import { JsonlRecordLog } from '../jsonlRecordLog';
import { NodeWorkspace } from '../nodeWorkspace';
import { EXIT, type CliCommand, type CliIo } from './cliIo';
import { MODEL_ENV, modelsFromEnv, type CliModels } from './modelsFromEnv';
import { optionOverrides, parseRunFlags, type RunFlags } from './runFlags';
import { defaultRunFiles, hasContent, newRunId, preparePlanwrightFolder, readPlanFile, workspaceFolder } from './runFiles';
import { runSession } from './runSession';

const USAGE =
  'planwright run <plan.json | --goal "…"> --workspace DIR [--approve all|reads|none] [--max-parallel N] [--max-replans N] [--journal FILE] [--trace FILE] [--json]';

/** What `--goal` says when no planner model is configured. */
export const GOAL_NEEDS_MODEL =
  `planning from a goal needs a model endpoint: set ${MODEL_ENV.baseUrl} (and ${MODEL_ENV.apiKey} or ${MODEL_ENV.apiKeyFallback}, ` +
  `${MODEL_ENV.model}), or pass a plan file`;

/** The `run` sub-command, with the models built by `modelsOf` from the environment. */
export function createRunPlanCommand(modelsOf: (env: CliIo['env']) => CliModels): CliCommand {
  return {
    name: 'run',
    usage: `${USAGE}\n      run a plan (exit 0 succeeded, 1 failed or needs a re-plan, 2 bad input, 3 waiting for approval)`,
    run: (args, io) => runPlan(args, io, modelsOf),
  };
}

/** The `run` sub-command over the models the environment configures. */
export const runPlanCommand: CliCommand = createRunPlanCommand(modelsFromEnv);

async function runPlan(args: readonly string[], io: CliIo, modelsOf: (env: CliIo['env']) => CliModels): Promise<number> {
  const flags = parseRunFlags(args, ['goal', 'workspace', 'approve', 'max-parallel', 'max-replans', 'journal', 'trace']);
  if ('error' in flags) return fail(io, `${flags.error}\nUsage: ${USAGE}`);
  if (flags.help) {
    io.stdout.write(`Usage: ${USAGE}\n`);
    return EXIT.ok;
  }
  const [planFile, extra] = flags.positional;
  if (extra !== undefined) return fail(io, `unexpected argument ${extra} (one plan file at a time)`);
  if (planFile === undefined && flags.goal === undefined) return fail(io, `a plan file or --goal is needed\nUsage: ${USAGE}`);
  if (planFile !== undefined && flags.goal !== undefined) return fail(io, 'give a plan file or --goal, not both');
  if (flags.workspace === undefined) return fail(io, `--workspace is needed: the folder the plan works in\nUsage: ${USAGE}`);
  const folder = await workspaceFolder(nodePath.resolve(io.cwd, flags.workspace));
  if ('error' in folder) return fail(io, folder.error);

  const models = modelsOf(io.env);
  const planned: Planned = planFile !== undefined ? await readPlanFile(io, planFile) : await planGoal(flags.goal!, folder.root, models);
  if ('error' in planned) return fail(io, planned.error, planned.exitCode);

  const runId = newRunId(new Date());
  const files = runFiles(io, flags, folder.root, runId);
  if (await hasContent(files.journal)) {
    return fail(io, `a journal already exists at ${files.journal}: resume it with planwright resume --journal ${files.journal}, or choose another --journal`);
  }
  await preparePlanwrightFolder(folder.root, [files.journal, files.trace]);
  const options: RunOptions = { ...DEFAULT_RUN_OPTIONS, ...optionOverrides(flags, DEFAULT_RUN_OPTIONS) };
  const journal = new JsonlRecordLog(files.journal);
  return runSession({ workspaceRoot: folder.root, journal, tracePath: files.trace, json: flags.json, models }, io, (deps) =>
    PlanRun.start(planned.plan, { runId, options, host: { workspace: folder.root, trace: files.trace }, planUsage: planned.usage }, deps),
  );
}

function runFiles(io: CliIo, flags: RunFlags, root: string, runId: string): { readonly journal: string; readonly trace: string } {
  const defaults = defaultRunFiles(root, runId);
  return {
    journal: flags.journal !== undefined ? nodePath.resolve(io.cwd, flags.journal) : defaults.journal,
    trace: flags.trace !== undefined ? nodePath.resolve(io.cwd, flags.trace) : defaults.trace,
  };
}

/** The plan to run with the usage of planning it, or why there is none and the exit code that says so. */
type Planned = { readonly plan: ValidPlan; readonly usage: readonly UsageRecord[] } | { readonly error: string; readonly exitCode?: number };

/** A plan for `goal` from the planner model; without one, bad input (2); when planning fails, 1. */
async function planGoal(goal: string, root: string, models: CliModels): Promise<Planned> {
  if (!models.planGoal) return { error: GOAL_NEEDS_MODEL };
  try {
    return await models.planGoal(goal, new NodeWorkspace(root), new AbortController().signal);
  } catch (error) {
    return { error: `planning failed: ${messageOf(error)}`, exitCode: EXIT.failed };
  }
}

function fail(io: CliIo, message: string, exitCode: number = EXIT.badInput): number {
  io.stderr.write(`planwright run: ${message}\n`);
  return exitCode;
}
