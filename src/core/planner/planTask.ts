// Planning a goal: one call to the planner model for a plan as JSON, through the same validation gate
// as a plan file, with one repair turn. The planner has no tools: it can only return a plan, and an
// invalid plan never reaches the executor.
import type { UsageRecord } from '../executor/journalRecords';
import { planJsonSchema } from '../plan/planJsonSchema';
import { formatProblem } from '../plan/planProblem';
import { PLAN_FORMAT_VERSION, type ValidPlan } from '../plan/planSchema';
import { validatePlan } from '../plan/validatePlan';
import type { PlanStreamItem } from '../executor/streamedPlanRun';
import type { ChatModel, ChatRequest } from '../ports';
import { askWithRepair, type ReplyCheck } from './askWithRepair';
import { JsonStepReader } from './jsonStepReader';
import { buildPlannerPrompt } from './plannerPrompt';
import { streamPlanReply } from './planStream';
import type { WorkspaceSummary } from './workspaceSummary';

/** The revision of a plan the planner wrote; the first re-plan makes it revision 2. */
export const PLANNED_REVISION = 1;

/** The plan JSON Schema sent as structured-output format (without the `$schema` header endpoints reject). */
function planResponseSchema(): Record<string, unknown> {
  const { $schema: _header, ...schema } = planJsonSchema();
  return schema;
}

/**
 * Checks a reply as a plan for `goal`. The goal, format version and revision are Planwright's to set,
 * not the model's, so they are filled in rather than argued about in a repair turn.
 */
function checkPlannedPlan(value: unknown, goal: string): ReplyCheck<ValidPlan> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, problems: ['the reply must be a JSON object with "steps"'] };
  const { $schema: _ignored, ...rest } = value as Record<string, unknown>;
  const verdict = validatePlan({ ...rest, version: PLAN_FORMAT_VERSION, goal, revision: PLANNED_REVISION });
  return verdict.ok ? { ok: true, value: verdict.plan } : { ok: false, problems: verdict.problems.map(formatProblem) };
}

/** The planner call for `goal`: the planner prompt over the workspace summary, asking for the plan as JSON. */
function plannerRequest(goal: string, summary: WorkspaceSummary): ChatRequest {
  return { role: 'planner', messages: buildPlannerPrompt(goal, summary), responseFormat: { type: 'json', name: 'plan', schema: planResponseSchema() } };
}

/**
 * The planner's plan for `goal` as a stream of steps, each handed on as soon as the reply completes it
 * (for runStreamedPlan). There is no repair turn: a streamed step may already have run, so a bad step
 * stops the run instead.
 */
export function planTaskStreamed(goal: string, summary: WorkspaceSummary, model: ChatModel, signal?: AbortSignal): AsyncIterable<PlanStreamItem> {
  return streamPlanReply(model, plannerRequest(goal, summary), new JsonStepReader(), signal);
}

/** Asks the planner model for a validated plan; throws PlannerError when it is invalid twice. */
export async function planTask(
  goal: string,
  summary: WorkspaceSummary,
  model: ChatModel,
  signal?: AbortSignal,
): Promise<{ readonly plan: ValidPlan; readonly usage: readonly UsageRecord[] }> {
  const { value, usage } = await askWithRepair(
    model,
    {
      request: plannerRequest(goal, summary),
      check: (reply) => checkPlannedPlan(reply, goal),
      what: 'plan',
      failure: 'invalidPlan',
    },
    signal,
  );
  return { plan: value, usage };
}
