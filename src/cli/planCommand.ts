// `planwright plan <"<goal>" | --goal "<goal>"> --workspace DIR [--out FILE]`: asks the planner model for a plan, puts it
// through the validation gate (one repair turn), and writes the plan file — to FILE, or to stdout.
// Nothing in the workspace is run or changed. Exit 0 planned, 1 the model failed or planned invalidly
// twice, 2 bad input (including no model configured).
import { writeFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import type { UsageRecord } from '../core/run/journalRecords';
import { PlannerError } from '../core/planner/plannerError';
import { messageOf } from '../core/text/errorText';
import { NodeWorkspace } from '../node/nodeWorkspace';
import { EXIT, type CliCommand, type CliIo } from './cliIo';
import { MODEL_ENV } from './envInput';
import { applyProjectRulesFlag, modelsFromEnv, type CliModels } from './modelsFromEnv';
import { fileToWrite } from './pathInput';
import { workspaceFolder } from './runFiles';

const USAGE = 'planwright plan <"<goal>" | --goal "<goal>"> --workspace DIR [--out FILE] [--no-project-rules]';

/** What the command line asked for, or why it could not be understood. */
type PlanArgs = { readonly goal: string; readonly workspace: string; readonly out?: string } | { readonly error: string } | { readonly help: true };

/** The `plan` sub-command, with the models built by `modelsOf` from the environment. */
export function createPlanCommand(modelsOf: (env: CliIo['env']) => CliModels): CliCommand {
  return {
    name: 'plan',
    usage: `${USAGE}\n      plan a goal with the planner model and write the validated plan file (exit 0 planned, 1 planning failed, 2 bad input)`,
    run: (args, io) => runPlanCommand(args, io, modelsOf),
  };
}

/** The `plan` sub-command over the models the environment configures. */
export const planCommand: CliCommand = createPlanCommand(modelsFromEnv);

async function runPlanCommand(givenArgs: readonly string[], givenIo: CliIo, modelsOf: (env: CliIo['env']) => CliModels): Promise<number> {
  const { args, env } = applyProjectRulesFlag(givenArgs, givenIo.env);
  const io: CliIo = { ...givenIo, env };
  const parsed = parseArgs(args);
  if ('help' in parsed) {
    io.stdout.write(`Usage: ${USAGE}\n`);
    return EXIT.ok;
  }
  if ('error' in parsed) return fail(io, `${parsed.error}; see planwright plan --help`);
  const folder = await workspaceFolder(nodePath.resolve(io.cwd, parsed.workspace));
  if ('error' in folder) return fail(io, folder.error);
  const out = parsed.out === undefined ? undefined : await fileToWrite(io.cwd, parsed.out, '--out');
  if (out && 'error' in out) return fail(io, out.error);
  const { planGoal } = modelsOf(io.env);
  if (!planGoal) {
    return fail(io, `planning needs a model endpoint: set ${MODEL_ENV.baseUrl}, ${MODEL_ENV.model} (or ${MODEL_ENV.plannerModel}) and, for a hosted endpoint, ${MODEL_ENV.apiKey}`);
  }

  const controller = new AbortController();
  const cancel = () => controller.abort();
  process.once('SIGINT', cancel);
  let planned: Awaited<ReturnType<typeof planGoal>>;
  try {
    planned = await planGoal(parsed.goal, new NodeWorkspace(folder.root), controller.signal);
  } catch (error) {
    if (error instanceof PlannerError) io.stderr.write(`${usageLine(error.usage)}\n`);
    io.stderr.write(`planwright plan: planning failed: ${messageOf(error)}\n`);
    return EXIT.failed;
  } finally {
    process.removeListener('SIGINT', cancel);
  }

  const text = `${JSON.stringify(planned.plan, null, 2)}\n`;
  if (out === undefined) io.stdout.write(text);
  else {
    try {
      await writeFile(out.path, text);
    } catch (error) {
      return fail(io, `cannot write ${parsed.out}: ${messageOf(error)}`);
    }
    io.stderr.write(`wrote ${out.path}\n`);
  }
  const count = planned.plan.steps.length;
  io.stderr.write(`planned ${count} ${count === 1 ? 'step' : 'steps'} (revision ${planned.plan.revision ?? 0}); ${usageLine(planned.usage)}\n`);
  return EXIT.ok;
}

/** `2 model calls (planner-model): 2400 prompt (1024 cached) + 300 completion tokens, 1.2 s`. */
export function usageLine(usage: readonly UsageRecord[]): string {
  const sum = (pick: (record: UsageRecord) => number) => usage.reduce((total, record) => total + pick(record), 0);
  const models = [...new Set(usage.map((record) => record.model))].join(', ');
  const estimated = usage.some((record) => record.estimated) ? ' (estimated)' : '';
  const calls = `${usage.length} model call${usage.length === 1 ? '' : 's'}${models ? ` (${models})` : ''}`;
  return `${calls}: ${sum((r) => r.promptTokens)} prompt (${sum((r) => r.cachedTokens)} cached) + ${sum((r) => r.completionTokens)} completion tokens${estimated}, ${(sum((r) => r.ms) / 1000).toFixed(1)} s`;
}

function parseArgs(args: readonly string[]): PlanArgs {
  const words: string[] = [];
  let workspace: string | undefined;
  let out: string | undefined;
  let flagged: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--help' || arg === '-h') return { help: true };
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name === '--workspace' || name === '--out' || name === '--goal') {
      const value = inline ?? args[++index];
      if (value === undefined || value.length === 0) return { error: `${name} needs a value` };
      if (name === '--workspace') workspace = value;
      else if (name === '--goal') flagged = value;
      else out = value;
    } else if (arg.startsWith('-') && arg !== '-') {
      return { error: `unknown option ${arg}` };
    } else {
      words.push(arg);
    }
  }
  // An unquoted goal arrives as several words; they are one goal. `--goal` says it as `run --goal` does.
  if (flagged !== undefined && words.length > 0) return { error: `give the goal once: as words or with --goal, not both (got "${words.join(' ')}")` };
  const goal = (flagged ?? words.join(' ')).trim();
  if (goal.length === 0) return { error: 'missing goal' };
  if (workspace === undefined) return { error: '--workspace is needed: the folder the plan is for' };
  return { goal, workspace, ...(out === undefined ? {} : { out }) };
}

function fail(io: CliIo, message: string): number {
  io.stderr.write(`planwright plan: ${message}\n`);
  return EXIT.badInput;
}
