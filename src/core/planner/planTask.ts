// Planning a goal: one call to the planner model for a plan in the compact plan language (or its small
// JSON form), read into plan steps and put through the same validation gate as a plan file, with one
// repair turn. The planner has no tools: it can only return a plan, and an invalid plan never reaches
// the executor. What is saved and journaled stays the plan-file format.
import type { UsageRecord } from '../run/journalRecords';
import { COMPACT_JSON_SCHEMA } from '../plan/compact/compactJson';
import { FIRST_REVISION, PLAN_FORMAT_VERSION, type ValidPlan } from '../plan/planSchema';
import { validatePlan } from '../plan/validatePlan';
import type { PlanStreamItem } from '../run/modelRoles';
import type { ChatModel, ChatRequest } from '../ports';
import { ruleFileNames } from '../rules/projectRules';
import { askWithRepair, type ReplyCheck } from './askWithRepair';
import { buildPlannerPrompt } from './plannerPrompt';
import { PlanReplyReader } from './planReplyReader';
import { streamPlanReply } from './planStream';
import { locatedProblem, readPlanReply, type PlanReplyFormat } from './readPlanReply';
import type { WorkspaceSummary } from './workspaceSummary';

/** The revision of a plan the planner wrote; the first re-plan makes it revision 2. */
export const PLANNED_REVISION = FIRST_REVISION;

/** How to plan. */
export interface PlanTaskOptions {
  /**
   * `json` asks for the small JSON form with a structured-output schema; a JSON reply is read in either format.
   * Absent: the model's own `planFormat`, else the compact plan language.
   */
  readonly format?: PlanReplyFormat;
}

/**
 * Checks a reply as a plan for `goal`. The goal, format version and revision are Planwright's to set,
 * not the model's. A line that does not read as a step is reported on its own; once every line reads,
 * the whole plan goes through the gate, its problems located by line.
 */
export function checkPlanReply(reply: string, goal: string): ReplyCheck<ValidPlan> {
  const read = readPlanReply(reply);
  if (read.problems.length > 0) return { ok: false, problems: read.problems };
  const verdict = validatePlan({ version: PLAN_FORMAT_VERSION, goal, revision: PLANNED_REVISION, ...(read.acceptance ? { acceptance: read.acceptance } : {}), steps: read.steps });
  return verdict.ok ? { ok: true, value: verdict.plan } : { ok: false, problems: verdict.problems.map((problem) => locatedProblem(problem, read.lines)) };
}

/** The planning request in `format`. */
function planRequest(goal: string, summary: WorkspaceSummary, format: PlanReplyFormat): ChatRequest {
  const messages = buildPlannerPrompt(goal, summary, format);
  const rules = ruleFileNames(summary.rules);
  const base: ChatRequest = { role: 'planner', messages, ...(rules.length > 0 ? { projectRules: rules } : {}) };
  return format === 'json' ? { ...base, responseFormat: { type: 'json', name: 'plan', schema: COMPACT_JSON_SCHEMA } } : base;
}

/**
 * The planner's plan for `goal` in the plan language, as a stream of steps, each handed on as soon as
 * its line is complete (for runStreamedPlan). There is no repair turn: a streamed step may already have
 * run, so a bad step stops the run instead. A reply in the JSON form (asked for when the model's
 * `planFormat` is `json`) is read whole when it ends, so its steps start only then.
 */
export function planTaskStreamed(goal: string, summary: WorkspaceSummary, model: ChatModel, signal?: AbortSignal): AsyncIterable<PlanStreamItem> {
  return streamPlanReply(model, planRequest(goal, summary, model.planFormat ?? 'compact'), new PlanReplyReader(), signal);
}

/** Asks the planner model for a validated plan; throws PlannerError when it is invalid twice. */
export async function planTask(
  goal: string,
  summary: WorkspaceSummary,
  model: ChatModel,
  signal?: AbortSignal,
  options: PlanTaskOptions = {},
): Promise<{ readonly plan: ValidPlan; readonly usage: readonly UsageRecord[] }> {
  const format = options.format ?? model.planFormat ?? 'compact';
  const { value, usage } = await askWithRepair(
    model,
    {
      request: planRequest(goal, summary, format),
      check: (reply) => checkPlanReply(reply, goal),
      what: 'plan',
      replyAs: format === 'json' ? 'as JSON only ({"steps": [ ... ]})' : 'in the plan language, one step per line, nothing else',
      failure: 'invalidPlan',
    },
    signal,
  );
  return { plan: value, usage };
}
