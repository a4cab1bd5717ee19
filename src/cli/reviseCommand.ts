// `planwright revise PLAN --comment "…" [--step ID] [--out FILE] [--json]`: asks the planner model to revise
// the plan as the comment says (on one step, or the whole plan), prints the review of the revision (steps
// added, changed and dropped, what the plan touches, what widens the approved scope), and writes the revised
// plan only to --out FILE (which may be PLAN itself). Nothing runs. Exit 0 revised, 1 the model failed or its
// patch was refused twice, 2 bad input.
import { writeFile } from 'node:fs/promises';
import { PlannerError } from '../core/planner/plannerError';
import { proposeRevision } from '../core/replanner/commentReviser';
import { messageOf } from '../core/text/errorText';
import { revisionDiffText } from '../core/view/revisionDiffText';
import { widensScope } from '../core/plan/revisionDiff';
import type { PlanPatch } from '../core/plan/planPatch';
import type { ValidPlan } from '../core/plan/planSchema';
import type { ChatModel } from '../core/ports';
import type { UsageRecord } from '../core/run/journalRecords';
import { EXIT, type CliCommand, type CliIo } from './cliIo';
import { MODEL_ENV } from './envInput';
import { modelsFromEnv, type CliModels } from './modelsFromEnv';
import { fileToWrite } from './pathInput';
import { usageLine } from './planCommand';
import { readPlanFile } from './runFiles';

const USAGE = 'planwright revise PLAN --comment "…" [--step ID] [--out FILE] [--json]';

/** What the command line asked for. */
interface ReviseArgs {
  readonly plan: string;
  readonly comment: string;
  readonly step?: string;
  readonly out?: string;
  readonly json: boolean;
}

/** Why revising cannot start without a planner model, in the words of every headless door. */
export const NO_MODEL = `revising needs a model endpoint: set ${MODEL_ENV.baseUrl}, ${MODEL_ENV.model} (or ${MODEL_ENV.plannerModel})`;

/** `E9: PLAN has no such step (its steps: E1, E2)` when `plan` has no step `stepId`; `undefined` when it has. */
export function unknownStep(plan: ValidPlan, stepId: string, name: string): string | undefined {
  return plan.steps.some((step) => step.id === stepId) ? undefined : `${stepId}: ${name} has no such step (its steps: ${plan.steps.map((step) => step.id).join(', ')})`;
}

/** A revision as the CLI's --json and MCP's revise_plan answer it: the review in words, the widening, the patch and the revised plan. */
export interface RevisionReply {
  readonly review: string;
  readonly widensScope: boolean;
  readonly wideningSteps: readonly string[];
  readonly patch: PlanPatch;
  readonly plan: ValidPlan;
  readonly usage: readonly UsageRecord[];
}

/** Asks `plannerModel` for the revision `comment` calls for (on `stepId`, or the whole plan) of a plan that has not run; throws as proposeRevision does. */
export async function revisionReply(plan: ValidPlan, comment: string, stepId: string | undefined, plannerModel: ChatModel): Promise<RevisionReply> {
  const request = { plan, statuses: new Map(), comment, ...(stepId ? { stepId } : {}) };
  const proposed = await proposeRevision(plannerModel, request, new AbortController().signal);
  const review = revisionDiffText(proposed.review, plan, proposed.plan);
  return { review, widensScope: widensScope(proposed.review), wideningSteps: proposed.review.wideningSteps, patch: proposed.patch, plan: proposed.plan, usage: proposed.usage };
}

/** The `revise` sub-command, with the models built by `modelsOf` from the environment. */
export function createReviseCommand(modelsOf: (env: CliIo['env']) => CliModels): CliCommand {
  return {
    name: 'revise',
    usage: `${USAGE}\n      revise a plan from a comment; prints the plan diff and writes the revised plan only to --out (exit 0 revised, 1 revising failed, 2 bad input)`,
    run: (args, io) => revise(args, io, modelsOf),
  };
}

/** The `revise` sub-command over the models the environment configures. */
export const reviseCommand: CliCommand = createReviseCommand(modelsFromEnv);

async function revise(args: readonly string[], io: CliIo, modelsOf: (env: CliIo['env']) => CliModels): Promise<number> {
  const parsed = parseArgs(args);
  if ('help' in parsed) {
    io.stdout.write(`Usage: ${USAGE}\n`);
    return EXIT.ok;
  }
  if ('error' in parsed) return fail(io, `${parsed.error}; see planwright revise --help`);
  const read = await readPlanFile(io, parsed.plan);
  if ('error' in read) return fail(io, read.error);
  const unknown = parsed.step === undefined ? undefined : unknownStep(read.plan, parsed.step, parsed.plan);
  if (unknown) return fail(io, `--step ${unknown}`);
  const out = parsed.out === undefined ? undefined : await fileToWrite(io.cwd, parsed.out, '--out');
  if (out && 'error' in out) return fail(io, out.error);
  const { plannerModel } = modelsOf(io.env);
  if (!plannerModel) return fail(io, NO_MODEL);

  let revised: RevisionReply;
  try {
    revised = await revisionReply(read.plan, parsed.comment, parsed.step, plannerModel);
  } catch (error) {
    if (error instanceof PlannerError) io.stderr.write(`${usageLine(error.usage)}\n`);
    io.stderr.write(`planwright revise: revising failed: ${messageOf(error)}\n`);
    return EXIT.failed;
  }
  const { usage, ...reply } = revised;
  io.stdout.write(parsed.json ? `${JSON.stringify(reply, null, 2)}\n` : reply.review);
  if (out) {
    try {
      await writeFile(out.path, `${JSON.stringify(reply.plan, null, 2)}\n`);
    } catch (error) {
      return fail(io, `cannot write ${parsed.out}: ${messageOf(error)}`);
    }
    io.stderr.write(`wrote ${out.path}\n`);
  } else io.stderr.write('nothing written: pass --out FILE to keep the revised plan\n');
  io.stderr.write(`${usageLine(usage)}\n`);
  return EXIT.ok;
}

function parseArgs(args: readonly string[]): ReviseArgs | { readonly error: string } | { readonly help: true } {
  const positional: string[] = [];
  const values = new Map<string, string>();
  let json = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--json') json = true;
    else if (arg.startsWith('--')) {
      const [name, inline] = arg.includes('=') ? [arg.slice(2, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg.slice(2), undefined];
      if (!['comment', 'step', 'out'].includes(name)) return { error: `unknown option --${name}` };
      const value = inline ?? args[++index];
      if (value === undefined || value.trim().length === 0) return { error: `--${name} needs a value` };
      if (values.has(name)) return { error: `--${name} given twice` };
      values.set(name, value);
    } else if (arg.startsWith('-') && arg !== '-') return { error: `unknown option ${arg}` };
    else positional.push(arg);
  }
  const [plan, extra] = positional;
  if (plan === undefined) return { error: 'the plan file is missing' };
  if (extra !== undefined) return { error: `unexpected argument ${extra} (one plan file at a time)` };
  const comment = values.get('comment')?.trim();
  if (comment === undefined) return { error: '--comment is needed: what to change, in a sentence' };
  const step = values.get('step');
  const out = values.get('out');
  return { plan, comment, json, ...(step === undefined ? {} : { step }), ...(out === undefined ? {} : { out }) };
}

function fail(io: CliIo, message: string): number {
  io.stderr.write(`planwright revise: ${message}\n`);
  return EXIT.badInput;
}
