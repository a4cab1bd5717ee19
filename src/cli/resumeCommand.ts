// `planwright resume --journal FILE [...]`: picks a run up from its journal after a crash, an approval
// wait or a stop for re-planning (with `--plan FILE`, a plan edited by hand becomes the next revision).
// The workspace, the trace and the run options come from the journal; flags given here override them
// for this invocation. Same exit codes as `run`. The run is resumed through core's openRun, as every door's is:
// a run the fused agent wrote goes on with the agent (told what the run did, it takes its next turn), which
// needs a model endpoint.
import * as nodePath from 'node:path';
import { mergeEditedPlan } from '../core/executor/replanning';
import { loadRunState } from '../core/executor/runRecorder';
import { isAgentRun } from '../core/run/agentRun';
import { JournalError, type RunState } from '../core/run/runState';
import { formatProblem } from '../core/plan/planProblem';
import type { ValidPlan } from '../core/plan/planSchema';
import { CorruptRecordLogError, JsonlRecordLog, nodeLogFiles, type LogFiles } from '../node/jsonlRecordLog';
import { EXIT, type CliCommand, type CliIo } from './cliIo';
import { applyProjectRulesFlag, modelsFromEnv, type ModelsOf } from './modelsFromEnv';
import { MODEL_ENV } from './envInput';
import { costGuardFor } from './costCapSetup';
import { readPricesFile } from './pricesFile';
import { optionOverrides, parseRunFlags } from './runFlags';
import { hasContent, holdsRecords, preparePlanwrightFolder, readPlanFile, traceBesideJournal, workspaceFolder } from './runFiles';
import { withRunLease } from './runLease';
import { fileToRead, fileToWrite } from './pathInput';
import { runSession, stderrLogger } from './runSession';
import { journalledWorktree } from './runInWorktree';
import { recordedMcp, reopenRecordedMcp } from '../node/mcp/recordedMcpServers';

const USAGE =
  'planwright resume --journal FILE [--plan EDITED.plan.json] [--workspace DIR] [--approve all|reads|none] [--approve-rerun] [--allow-scope-growth] [--max-parallel N] [--max-model-calls N] [--max-replans N] [--max-read-bytes N] [--max-output-bytes N] [--summary plain|model] [--trace FILE] [--prices FILE] [--max-cost USD [--allow-unpriced]] [--no-project-rules] [--worktree] [--json]';

/** The `resume` sub-command, with the models built by `modelsOf` from the environment; `logFiles` as for `run`. */
export function createResumeCommand(modelsOf: ModelsOf, logFiles: LogFiles = nodeLogFiles): CliCommand {
  return {
    name: 'resume',
    usage: `${USAGE}\n      continue a run from its journal (same exit codes as run)`,
    run: (args, io) => resume(args, io, modelsOf, logFiles),
  };
}

/** The `resume` sub-command over the models the environment configures. */
export const resumeCommand: CliCommand = createResumeCommand(modelsFromEnv);

async function resume(givenArgs: readonly string[], givenIo: CliIo, modelsOf: ModelsOf, logFiles: LogFiles): Promise<number> {
  const { args, env } = applyProjectRulesFlag(givenArgs, givenIo.env);
  const io: CliIo = { ...givenIo, env };
  const flags = parseRunFlags(args, ['journal', 'plan', 'workspace', 'approve', 'max-parallel', 'max-model-calls', 'max-replans', 'max-read-bytes', 'max-output-bytes', 'summary', 'trace', 'prices', 'max-cost']);
  if ('error' in flags) return fail(io, `${flags.error}; see planwright resume --help`);
  if (flags.help) {
    io.stdout.write(`Usage: ${USAGE}\n`);
    return EXIT.ok;
  }
  if (flags.positional.length > 0) return fail(io, `unexpected argument ${flags.positional[0]}`);
  if (flags.journal === undefined) return fail(io, `--journal is needed: the journal of the run to continue\nUsage: ${USAGE}`);
  const checkedJournal = await fileToRead(io.cwd, flags.journal, '--journal');
  if ('error' in checkedJournal && !checkedJournal.missing) return fail(io, checkedJournal.error);
  const journalPath = nodePath.resolve(io.cwd, flags.journal);
  if (!(await hasContent(journalPath))) {
    return fail(io, `no journal at ${flags.journal}: a run journals nothing before its first step (one stopped while planning ran nothing), so start it with planwright run`);
  }
  if (!(await holdsRecords(journalPath))) {
    return fail(io, `${flags.journal} holds no whole record: the run stopped while writing its first one, so nothing ran. Start it again with planwright run PLAN --journal ${flags.journal}`);
  }

  // Held before the journal is read: reading cuts a torn last line off, which may be another process's write.
  return withRunLease(journalPath, io, async () => {
    const journal = new JsonlRecordLog(journalPath, true, logFiles);
    // Without --mcp-config, the servers the journal names are started again before its plan is checked.
    const recorded = io.mcp ? undefined : await recordedMcp(journal).catch(() => undefined);
    const mcp = recorded ? await reopenRecordedMcp(recorded, io.env) : undefined;
    try {
      for (const note of mcp?.notes ?? []) stderrLogger(io).warn(note);
      return await resumeRun(flags, journalPath, journal, io, modelsOf, mcp?.notes ?? []);
    } finally {
      await mcp?.session.close();
    }
  });
}

async function resumeRun(
  flags: Extract<ReturnType<typeof parseRunFlags>, { positional: unknown }>,
  journalPath: string,
  journal: JsonlRecordLog,
  io: CliIo,
  modelsOf: ModelsOf,
  mcpNotes: readonly string[],
): Promise<number> {
  const priced = await readPricesFile(io.cwd, flags.prices);
  if ('error' in priced) return fail(io, priced.error);
  let state: RunState;
  try {
    state = await loadRunState(journal, (warning) => stderrLogger(io).warn(warning));
  } catch (error) {
    if (error instanceof JournalError || error instanceof CorruptRecordLogError) {
      const servers = mcpNotes.length > 0 ? ` (the run's MCP servers: ${mcpNotes.join('; ')})` : '';
      return fail(io, `cannot resume from ${flags.journal}: ${error.message}${servers}`);
    }
    throw error;
  }
  const agentRun = isAgentRun(state);
  if (agentRun && flags.plan !== undefined) return fail(io, `run ${state.runId} is a fused agent's run: --plan continues a plan run`);
  if (agentRun && !modelsOf(io.env).workerModel) return fail(io, `run ${state.runId} is a fused agent's run: resuming it needs a model endpoint (${MODEL_ENV.baseUrl})`);
  // A worktree run goes on in its worktree, which must still be there.
  const worktree = await journalledWorktree(state);
  if (worktree && 'error' in worktree) return fail(io, `cannot resume run ${state.runId} in its worktree: ${worktree.error}`);
  if (flags.worktree && !worktree) return fail(io, `run ${state.runId} works in its workspace, not a worktree: --worktree applies to a new run (planwright run … --worktree)`);
  const recordedRoot = typeof state.host?.workspace === 'string' ? state.host.workspace : undefined;
  const rootPath = flags.workspace !== undefined ? nodePath.resolve(io.cwd, flags.workspace) : recordedRoot;
  if (rootPath === undefined) return fail(io, 'the journal does not say which workspace the run used: pass --workspace DIR');
  const folder = await workspaceFolder(rootPath);
  if ('error' in folder) return fail(io, flags.workspace === undefined ? `${folder.error} (as the journal records it): pass --workspace DIR` : folder.error);
  const recordedTrace = typeof state.host?.trace === 'string' ? state.host.trace : undefined;
  const givenTrace = flags.trace !== undefined ? await fileToWrite(io.cwd, flags.trace, '--trace') : undefined;
  if (givenTrace && 'error' in givenTrace) return fail(io, givenTrace.error);
  const tracePath = givenTrace?.path ?? recordedTrace ?? traceBesideJournal(journalPath);
  await preparePlanwrightFolder(folder.root, [journalPath, tracePath]);

  let edited: ValidPlan | undefined;
  if (flags.plan !== undefined) {
    const read = await readPlanFile(io, flags.plan);
    if ('error' in read) return fail(io, read.error);
    const merged = mergeEditedPlan(state, read.plan);
    if (!merged.ok) {
      for (const problem of merged.problems) io.stderr.write(`${formatProblem(problem)}\n`);
      return fail(io, `${flags.plan} cannot continue this run`);
    }
    edited = read.plan;
  }

  const overrides = optionOverrides(flags, state.options);
  const options = { ...state.options, ...overrides };
  if (flags.allowUnpriced && !options.costCap) return fail(io, '--allow-unpriced applies to --max-cost: give a cap too');
  // The cap counts what the run spent before this resume (the journalled calls) against it.
  const capped = costGuardFor(options.costCap, priced.prices, io.env, state.usage.map((entry) => entry.usage));
  if ('error' in capped) return fail(io, capped.error);
  const models = modelsOf(io.env, capped.guard);
  const setup = { workspaceRoot: folder.root, ...(worktree ? { worktree } : {}), journal, tracePath, json: flags.json, models, options, ...priced, ...(capped.guard ? { costCap: capped.guard } : {}) };
  // A plan run carries on as a plan; a fused agent's run with the agent, told what the run did so far.
  const agentModels = models.plannerModel && models.workerModel ? { models: { planner: models.plannerModel, agent: models.workerModel } } : {};
  const request = { kind: 'resume', state, overrides, reopenCancelled: true, ...(edited ? { edited } : {}), ...agentModels, projectRules: models.projectRules ?? false } as const;
  return runSession(setup, io, request);
}

function fail(io: CliIo, message: string): number {
  io.stderr.write(`planwright resume: ${message}\n`);
  return EXIT.badInput;
}
