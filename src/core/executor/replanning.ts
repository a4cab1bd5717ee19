// What the executor hands a re-planner when a step failed or became unknown — the completed work, the
// broken step with its evidence, and the remaining work, in bounded summaries — and how the answer is
// put in place: completed steps are frozen, only the remainder changes, and the result goes through the
// same validation gate as any plan.
import type { PlanProblem } from '../plan/planProblem';
import type { Step, ValidPlan } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import { validatePlan, type PlanValidation } from '../plan/validatePlan';
import { shorten, tail } from '../textPreview';
import { UsageRecordSchema, type FailureRecord, type UsageRecord } from './journalRecords';
import { canonicalJson } from './canonicalJson';
import type { RunState } from './runState';
import { FROZEN_STATUSES } from './stepTransitions';

/** A step that is done, as the re-planner sees it. */
export interface CompletedStepSummary {
  readonly id: string;
  readonly title: string;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly status: StepStatus;
  /** A bounded head of the step's output. */
  readonly output: string;
  readonly check?: string;
}

/** The step that failed or became unknown, with everything known about why. */
export interface BrokenStepEvidence {
  readonly step: Step;
  readonly status: 'failed' | 'unknown';
  readonly attempts: number;
  readonly failure?: FailureRecord;
  readonly checkDetail?: string;
}

/** The re-planning request: goal, completed work, the broken step, and the remaining steps. */
export interface ReplanRequest {
  readonly goal: string;
  readonly revision: number;
  readonly completed: readonly CompletedStepSummary[];
  readonly broken: BrokenStepEvidence;
  readonly remaining: readonly (Step & { readonly status: StepStatus })[];
}

/** A re-planner's answer: the new remaining steps (raw, to be validated) and what the calls cost. */
export interface ReplanAnswer {
  readonly steps: readonly unknown[];
  readonly usage: readonly UsageRecord[];
}

/**
 * Produces new remaining steps for a run that hit a failure. A re-planner that fails after spending
 * tokens (an invalid answer, then an invalid repair) throws an error with a `usage` field listing them.
 */
export interface Replanner {
  replan(request: ReplanRequest, signal: AbortSignal): Promise<ReplanAnswer>;
}

/** The usage a failed re-planner reported on its error, so the run report still counts those tokens. */
export function usageOfFailure(error: unknown): readonly UsageRecord[] {
  const usage = error !== null && typeof error === 'object' ? (error as { usage?: unknown }).usage : undefined;
  const parsed = UsageRecordSchema.array().safeParse(usage);
  return parsed.success ? parsed.data : [];
}

const OUTPUT_SUMMARY_CHARS = 600;
const EVIDENCE_TAIL_CHARS = 1_500;

/** Builds the request for the broken step `brokenId` from the run's state. */
export function buildReplanRequest(state: RunState, brokenId: string): ReplanRequest {
  const completed: CompletedStepSummary[] = [];
  const remaining: (Step & { status: StepStatus })[] = [];
  let broken: BrokenStepEvidence | undefined;
  for (const step of state.plan.steps) {
    const run = state.steps.get(step.id);
    const status = run?.status ?? 'pending';
    if (step.id === brokenId && (status === 'failed' || status === 'unknown')) {
      const failure = run?.failure && { ...run.failure, ...(run.failure.outputTail ? { outputTail: tail(run.failure.outputTail, EVIDENCE_TAIL_CHARS) } : {}) };
      broken = { step, status, attempts: run?.attempts ?? 0, ...(failure ? { failure } : {}), ...(run?.checkDetail ? { checkDetail: run.checkDetail } : {}) };
    } else if (FROZEN_STATUSES.has(status)) {
      completed.push({
        id: step.id,
        title: step.title,
        tool: step.tool,
        args: step.args,
        status,
        output: shorten(run?.output?.text ?? '', OUTPUT_SUMMARY_CHARS),
        ...(run?.checkDetail ? { check: run.checkDetail } : {}),
      });
    } else {
      remaining.push({ ...step, status });
    }
  }
  if (!broken) throw new Error(`step "${brokenId}" is neither failed nor unknown`);
  return { goal: state.plan.goal, revision: state.revision, completed, broken, remaining };
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
  return validatePlan({ ...state.plan, goal: edited.goal, revision: state.revision + 1, steps: [...frozen, ...rest] });
}
