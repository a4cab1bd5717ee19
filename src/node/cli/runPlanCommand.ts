// `planwright run <plan.json | --goal "…"> --workspace DIR [...]`: runs a plan file (or a plan made from
// a goal by the planner model) in a workspace, journalling every step so `planwright resume` can pick
// it up after a crash. Exit 0 succeeded, 1 failed or needs a re-plan, 2 bad input, 3 waiting for approval.
import { readFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import type { UsageRecord } from '../../core/executor/journalRecords';
import { PlanRun } from '../../core/executor/planRun';
import { DEFAULT_RUN_OPTIONS, type RunOptions } from '../../core/executor/runOptions';
import { parsePlanText } from '../../core/plan/parsePlan';
import { formatProblem } from '../../core/plan/planProblem';
import type { ValidPlan } from '../../core/plan/planSchema';
import { messageOf } from '../../core/textPreview';
import { JsonlRecordLog } from '../jsonlRecordLog';
import { NodeWorkspace } from '../nodeWorkspace';
import { errorCode } from '../workspaceResolver';
import { EXIT, type CliCommand, type CliIo } from './cliIo';
import { MODEL_ENV, modelsFromEnv, type CliModels } from './modelsFromEnv';
import { optionOverrides, parseRunFlags, type RunFlags } from './runFlags';
import { defaultRunFiles, hasContent, newRunId, preparePlanwrightFolder, workspaceFolder } from './runFiles';
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
  const planned = planFile !== undefined ? await readPlanFile(io, planFile) : await planGoal(io, flags.goal!, folder.root, models);
  if (typeof planned === 'number') return planned;

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

/** The plan in `file` through the validation gate; on a problem, prints it and returns exit code 2. */
async function readPlanFile(io: CliIo, file: string): Promise<{ plan: ValidPlan; usage: readonly UsageRecord[] } | number> {
  let text: string;
  try {
    text = await readFile(nodePath.resolve(io.cwd, file), 'utf8');
  } catch (error) {
    const code = errorCode(error);
    return fail(io, code === 'ENOENT' ? `file not found: ${file}` : code === 'EISDIR' ? `not a file: ${file}` : `cannot read ${file}: ${messageOf(error)}`);
  }
  const verdict = parsePlanText(text, file);
  if (verdict.ok) return { plan: verdict.plan, usage: [] };
  for (const problem of verdict.problems) io.stderr.write(`${formatProblem(problem)}\n`);
  return fail(io, `${file}: ${verdict.problems.length} ${verdict.problems.length === 1 ? 'problem' : 'problems'}; the plan did not run`);
}

/** A plan for `goal` from the planner model, or the exit code when there is none. */
async function planGoal(io: CliIo, goal: string, root: string, models: CliModels): Promise<{ plan: ValidPlan; usage: readonly UsageRecord[] } | number> {
  if (!models.planGoal) return fail(io, GOAL_NEEDS_MODEL);
  try {
    return await models.planGoal(goal, new NodeWorkspace(root), new AbortController().signal);
  } catch (error) {
    io.stderr.write(`planwright run: planning failed: ${messageOf(error)}\n`);
    return EXIT.failed;
  }
}

function fail(io: CliIo, message: string): number {
  io.stderr.write(`planwright run: ${message}\n`);
  return EXIT.badInput;
}
