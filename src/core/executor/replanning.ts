// What the executor hands a re-planner (or a repair call) when a step failed or became unknown — a
// one-line list of what is frozen, the broken step with its evidence, the dependents it invalidated —
// and how answers are judged: a patch applies to what has not started, through the plan gate. Whole
// plans (a hand edit, a fused run's escalation) are merged here too, completed steps kept as they are.
import { applyPatch, isPatchable, type PlanPatch } from '../plan/planPatch';
import { formatProblem, type PlanProblem } from '../plan/planProblem';
import type { Step, ValidPlan } from '../plan/planSchema';
import { validatePlan, type PlanValidation } from '../plan/validatePlan';
import { tail } from '../text/shorten';
import { summarizeArgs } from '../plan/summarizeArgs';
import { UsageRecordSchema, type UsageRecord } from '../run/journalRecords';
import type { BrokenStepEvidence, ReplanRequest, StepLine } from '../run/modelRoles';
import { canonicalJson } from '../text/canonicalJson';
import { openRevisionSteps } from '../run/revisionState';
import { statusById, type RunState } from '../run/runState';
import { FROZEN_STATUSES } from '../run/stepTransitions';

/** The usage a failed re-planner reported on its error, so the run report still counts those tokens. */
export function usageOfFailure(error: unknown): readonly UsageRecord[] {
  const usage = error !== null && typeof error === 'object' ? (error as { usage?: unknown }).usage : undefined;
  const parsed = UsageRecordSchema.array().safeParse(usage);
  return parsed.success ? parsed.data : [];
}

const EVIDENCE_TAIL_CHARS = 1_500;

/** The broken step `brokenId` with its evidence; throws when it is neither failed nor unknown. */
export function brokenStepEvidence(state: RunState, brokenId: string, evidence: readonly string[]): BrokenStepEvidence {
  const step = state.plan.steps.find((candidate) => candidate.id === brokenId);
  const run = state.steps.get(brokenId);
  if (!step || !run || (run.status !== 'failed' && run.status !== 'unknown')) throw new Error(`step "${brokenId}" is neither failed nor unknown`);
  const failure = run.failure && { ...run.failure, ...(run.failure.outputTail ? { outputTail: tail(run.failure.outputTail, EVIDENCE_TAIL_CHARS) } : {}) };
  return { step, status: run.status, attempts: run.attempts, ...(failure ? { failure } : {}), ...(run.checkDetail ? { checkDetail: run.checkDetail } : {}), evidence };
}

/** Builds the request for the broken step `brokenId` from the run's state and the failure's evidence. */
export function buildReplanRequest(state: RunState, brokenId: string, evidence: readonly string[] = []): ReplanRequest {
  const broken = brokenStepEvidence(state, brokenId, evidence);
  const frozen: StepLine[] = [];
  const invalidated: Step[] = [];
  const waiting: StepLine[] = [];
  for (const step of state.plan.steps) {
    if (step.id === brokenId) continue;
    const status = state.steps.get(step.id)?.status ?? 'pending';
    const line = { id: step.id, tool: step.tool, summary: summarizeArgs(step), status };
    if (!isPatchable(status)) frozen.push(line);
    else if (status === 'invalidated') invalidated.push(step);
    else waiting.push(line);
  }
  return { goal: state.plan.goal, revision: state.revision, frozen, broken, invalidated, waiting };
}

/** The problems of `patch` against the run as it stands: frozen steps untouchable, new ids fresh, the gate. */
export function patchProblems(state: RunState, patch: PlanPatch): string[] {
  const verdict = applyPatch(state.plan, statusById(state), patch, { earlierLines: openRevisionSteps(state) });
  return verdict.ok ? [] : verdict.problems.map(formatProblem);
}

/**
 * The next revision: the frozen (succeeded or skipped) steps as they are, then the re-planner's steps.
 * A new step that reuses a frozen step's id is a problem; everything else is the plan gate's business.
 */
export function mergeReplan(state: RunState, newSteps: readonly unknown[]): PlanValidation {
  const frozen = state.plan.steps.filter((step) => FROZEN_STATUSES.has(state.steps.get(step.id)?.status ?? 'pending'));
  const frozenIds = new Set(frozen.map((step) => step.id));
  const clashes: PlanProblem[] = [];
  newSteps.forEach((step, index) => {
    const id = (step as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && frozenIds.has(id)) {
      clashes.push({ stepId: id, path: `steps[${index}].id`, message: `"${id}" is a completed step; completed steps are frozen and their ids may not be reused` });
    }
  });
  if (clashes.length > 0) return { ok: false, problems: clashes };
  return validatePlan({ ...state.plan, revision: state.revision + 1, steps: [...frozen, ...newSteps] });
}

/**
 * A whole plan edited by hand as the next revision. Its completed (succeeded or skipped) steps must be
 * unchanged, or left out: they are kept either way; every other step is taken as edited.
 */
export function mergeEditedPlan(state: RunState, edited: ValidPlan): PlanValidation {
  const frozen = state.plan.steps.filter((step) => FROZEN_STATUSES.has(state.steps.get(step.id)?.status ?? 'pending'));
  const frozenById = new Map(frozen.map((step) => [step.id, step]));
  const problems: PlanProblem[] = [];
  const rest: Step[] = [];
  edited.steps.forEach((step, index) => {
    const kept = frozenById.get(step.id);
    if (!kept) rest.push(step);
    else if (canonicalJson(kept) !== canonicalJson(step)) {
      const status = state.steps.get(step.id)?.status;
      problems.push({ stepId: step.id, path: `steps[${index}]`, message: `"${step.id}" has ${status}, so it cannot change; give the changed step a new id to run it` });
    }
  });
  if (problems.length > 0) return { ok: false, problems };
  const { acceptance: _kept, ...plan } = state.plan;
  return validatePlan({ ...plan, goal: edited.goal, ...(edited.acceptance ? { acceptance: edited.acceptance } : {}), revision: state.revision + 1, steps: [...frozen, ...rest] });
}
