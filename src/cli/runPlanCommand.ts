// `planwright run <plan.json | --goal "…" [--mode M]> --workspace DIR [...]`: runs a plan file, or carries
// out a goal in split mode (the planner model's plan streamed into the run, steps starting as they
// arrive), fused mode (the agent acts turn by turn, each action a step) or auto mode (fused until it
// escalates to a plan), opened through core's openRun as every door's run is, journalling every step
// so `planwright resume` can pick it up after a crash. Exit 0 succeeded, 1 failed or needs a re-plan,
// 2 bad input, 3 waiting for approval or a higher --max-cost.
import * as nodePath from 'node:path';
import type { RunRequest } from '../core/door/openRun';
import { DEFAULT_RUN_OPTIONS, type RunOptions } from '../core/run/runOptions';
import { JsonlRecordLog, nodeLogFiles, type LogFiles } from '../node/jsonlRecordLog';
import { EXIT, type CliCommand, type CliIo } from './cliIo';
import { MODEL_ENV } from './envInput';
import { applyProjectRulesFlag, modelsFromEnv, type ModelsOf } from './modelsFromEnv';
import { costGuardFor } from './costCapSetup';
import { readPricesFile } from './pricesFile';
import { optionOverrides, parseRunFlags, type RunFlags } from './runFlags';
import { defaultRunFiles, holdsRecords, preparePlanwrightFolder, readPlanFile, workspaceFolder } from './runFiles';
import { newRunId } from '../node/runId';
import { withRunLease } from './runLease';
import { fileToWrite } from './pathInput';
import { runSession } from './runSession';
import { newWorktreePlace } from './runInWorktree';

const USAGE =
  'planwright run <plan.json | --goal "…" [--mode split|fused|auto]> --workspace DIR [--approve all|reads|none] [--approve-rerun] [--allow-scope-growth] [--max-parallel N] [--max-model-calls N] [--max-replans N] [--max-read-bytes N] [--max-output-bytes N] [--summary plain|model] [--journal FILE] [--trace FILE] [--prices FILE] [--max-cost USD [--allow-unpriced]] [--no-project-rules] [--worktree] [--json]';

/** What `--goal` says when no planner model is configured. */
export const GOAL_NEEDS_MODEL =
  `planning from a goal needs a model endpoint: set ${MODEL_ENV.baseUrl} (and ${MODEL_ENV.apiKey} or ${MODEL_ENV.apiKeyFallback}, ` +
  `${MODEL_ENV.model}), or pass a plan file`;

/**
 * The `run` sub-command, with the models built by `modelsOf` from the environment; `logFiles` are the
 * journal's file operations (a test makes them fall short or run out of space).
 */
export function createRunPlanCommand(modelsOf: ModelsOf, logFiles: LogFiles = nodeLogFiles): CliCommand {
  return {
    name: 'run',
    usage: `${USAGE}\n      run a plan (exit 0 succeeded, 1 failed or needs a re-plan, 2 bad input, 3 waiting for approval or a higher --max-cost)`,
    run: (args, io) => runPlan(args, io, modelsOf, logFiles),
  };
}

/** The `run` sub-command over the models the environment configures. */
export const runPlanCommand: CliCommand = createRunPlanCommand(modelsFromEnv);

async function runPlan(givenArgs: readonly string[], givenIo: CliIo, modelsOf: ModelsOf, logFiles: LogFiles): Promise<number> {
  const { args, env } = applyProjectRulesFlag(givenArgs, givenIo.env);
  const io: CliIo = { ...givenIo, env };
  const flags = parseRunFlags(args, ['goal', 'mode', 'workspace', 'approve', 'max-parallel', 'max-model-calls', 'max-replans', 'max-read-bytes', 'max-output-bytes', 'summary', 'journal', 'trace', 'prices', 'max-cost']);
  if ('error' in flags) return fail(io, `${flags.error}; see planwright run --help`);
  if (flags.help) {
    io.stdout.write(`Usage: ${USAGE}\n`);
    return EXIT.ok;
  }
  const [planFile, extra] = flags.positional;
  if (extra !== undefined) return fail(io, `unexpected argument ${extra} (one plan file at a time)`);
  if (planFile === undefined && flags.goal === undefined) return fail(io, `a plan file or --goal is needed\nUsage: ${USAGE}`);
  if (planFile !== undefined && flags.goal !== undefined) return fail(io, 'give a plan file or --goal, not both');
  if (flags.mode !== undefined && flags.goal === undefined) return fail(io, '--mode applies to --goal: a plan file runs as it is');
  if (flags.workspace === undefined) return fail(io, `--workspace is needed: the folder the plan works in\nUsage: ${USAGE}`);
  const folder = await workspaceFolder(nodePath.resolve(io.cwd, flags.workspace));
  if ('error' in folder) return fail(io, folder.error);
  const priced = await readPricesFile(io.cwd, flags.prices);
  if ('error' in priced) return fail(io, priced.error);
  const options: RunOptions = { ...DEFAULT_RUN_OPTIONS, ...optionOverrides(flags, DEFAULT_RUN_OPTIONS) };
  if (flags.allowUnpriced && !options.costCap) return fail(io, '--allow-unpriced applies to --max-cost: give a cap too');
  const capped = costGuardFor(options.costCap, priced.prices, io.env);
  if ('error' in capped) return fail(io, capped.error);

  // The run's files are checked before any model is asked for a plan: a wrong --journal costs nothing.
  const runId = newRunId(new Date());
  const files = await runFiles(io, flags, folder.root, runId);
  if ('error' in files) return fail(io, files.error);
  if (await holdsRecords(files.journal)) return fail(io, journalExists(files.journal));

  const models = modelsOf(io.env, capped.guard);
  const goalModels = models.plannerModel && models.workerModel ? { planner: models.plannerModel, agent: models.workerModel } : undefined;
  if (flags.goal !== undefined && !goalModels) return fail(io, GOAL_NEEDS_MODEL);
  const planned = planFile !== undefined ? await readPlanFile(io, planFile) : undefined;
  if (planned && 'error' in planned) return fail(io, planned.error);
  // A plan file runs as it is; a goal in any mode goes through runGoal, as the editor's does (split: the plan streams into the run).
  const request: RunRequest = planned
    ? { kind: 'plan', runId, plan: planned.plan, options, planUsage: planned.usage }
    : { kind: 'goal', runId, goal: flags.goal!, mode: flags.mode ?? 'split', options, models: goalModels!, projectRules: models.projectRules ?? false };

  await preparePlanwrightFolder(folder.root, [files.journal, files.trace]);
  // A run started on an existing --journal another process is starting too: one of them runs it. The journal is
  // looked at again under the lease: another run may have started (and ended) on it while this one planned.
  return withRunLease(files.journal, io, async () => {
    if (await holdsRecords(files.journal)) return fail(io, journalExists(files.journal));
    // --worktree: the steps work in a new git worktree of the workspace, made now that the run is this process's.
    const place = flags.worktree ? await newWorktreePlace(folder.root, runId) : undefined;
    if (place && 'error' in place) return fail(io, place.error);
    const journal = new JsonlRecordLog(files.journal, true, logFiles);
    const setup = { workspaceRoot: place?.worktree.root ?? folder.root, ...(place ? { worktree: place.worktree } : {}), journal, tracePath: files.trace, json: flags.json, models, options, ...priced, ...(capped.guard ? { costCap: capped.guard } : {}) };
    // The MCP servers go in the journal too, so resume can reconnect without --mcp-config.
    const host = { workspace: folder.root, trace: files.trace, ...place?.host, ...(io.mcp ? { mcp: io.mcp } : {}) };
    return runSession(setup, io, request, { host });
  });
}

/** The journal and trace of the run: the flags' files when given (checked to be files), else the defaults. */
async function runFiles(io: CliIo, flags: RunFlags, root: string, runId: string): Promise<{ readonly journal: string; readonly trace: string } | { readonly error: string }> {
  const defaults = defaultRunFiles(root, runId);
  const journal = flags.journal !== undefined ? await fileToWrite(io.cwd, flags.journal, '--journal') : { path: defaults.journal };
  if ('error' in journal) return journal;
  const trace = flags.trace !== undefined ? await fileToWrite(io.cwd, flags.trace, '--trace') : { path: defaults.trace };
  if ('error' in trace) return trace;
  return { journal: journal.path, trace: trace.path };
}

/** Why a run is not started on `journal`: it holds another run. */
function journalExists(journal: string): string {
  return `a journal already exists at ${journal}: resume it with planwright resume --journal ${journal}, or choose another --journal`;
}

function fail(io: CliIo, message: string): number {
  io.stderr.write(`planwright run: ${message}\n`);
  return EXIT.badInput;
}
