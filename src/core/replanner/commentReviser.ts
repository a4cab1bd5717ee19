// Revises a plan from a user's comment: the planner model answers with a patch (read as a re-plan's is, lines
// or JSON), judged with one repair turn against the plan as it stands (frozen steps untouchable, new ids
// fresh, the plan gate) and, for a comment on one step, against that step's scope: a patch that replaces or
// drops any other step is refused, so a comment on a step never rewrites the rest of the plan. The result
// is the revised plan and its review (revisionDiff.ts); applying it is the caller's choice.
import { formatProblem } from '../plan/planProblem';
import { removeStep } from '../plan/planEdits';
import { applyPatch, isPatchable, type PlanPatch } from '../plan/planPatch';
import type { Plan, ValidPlan } from '../plan/planSchema';
import type { PlanScope } from '../plan/planScope';
import { revisionDiff, type RevisionDiff } from '../plan/revisionDiff';
import type { PlanValidation } from '../plan/validatePlan';
import { validatePlan } from '../plan/validatePlan';
import { askWithRepair } from '../planner/askWithRepair';
import type { ChatModel } from '../ports';
import { ruleFileNames, type ProjectRulesSource } from '../rules/projectRules';
import type { UsageRecord } from '../run/journalRecords';
import { checkPatchReply } from './modelReplanner';
import { parseStepLine } from './stepLine';
import { buildRevisePrompt, type RevisionRequest } from './revisePrompt';

/** A revision as proposed: the patch, the revised plan, its review, and the usage of the calls behind it. */
export interface ProposedRevision {
  readonly patch: PlanPatch;
  readonly plan: ValidPlan;
  readonly review: RevisionDiff;
  readonly usage: readonly UsageRecord[];
}

/** The steps other than `stepId` that `patch` replaces or drops: a comment on one step may not touch them. */
export function outsideStep(patch: PlanPatch, stepId: string): string[] {
  return patch.flatMap((op, index) => (op.op !== 'add' && op.id !== stepId ? [`patch[${index}]: the comment is about ${stepId}, so ${op.op} ${op.id} is refused; change only ${stepId}, or add steps`] : []));
}

/**
 * `patch` applied to `request`'s plan. A dropped step that has not run leaves the plan the way a hand delete
 * does (planEdits.ts): the steps that waited for it wait for what it waited for.
 */
export function applyRevisionPatch(request: Pick<RevisionRequest, 'plan' | 'statuses'>, patch: PlanPatch): PlanValidation {
  const dropped = new Set(patch.flatMap((op) => (op.op === 'drop' && request.plan.steps.some((step) => step.id === op.id) && isPatchable(request.statuses.get(op.id) ?? 'pending') ? [op.id] : [])));
  if (dropped.size === 0) return applyPatch(request.plan, request.statuses, patch);
  const base = validatePlan([...dropped].reduce<Plan>(removeStep, request.plan));
  if (!base.ok) return base;
  return applyPatch(base.plan, request.statuses, patch.filter((op) => !(op.op === 'drop' && dropped.has(op.id))));
}

/** The problems of `patch` for `request`: the step's scope first, then whether it applies. */
function revisionProblems(request: RevisionRequest, patch: PlanPatch): string[] {
  const outside = request.stepId ? outsideStep(patch, request.stepId) : [];
  if (outside.length > 0) return outside;
  const verdict = applyRevisionPatch(request, patch);
  return verdict.ok ? [] : verdict.problems.map(formatProblem);
}

/**
 * Asks `model` (the planner model) for the revision `request.comment` calls for and reviews it against
 * `approved` (by default the plan's own scope). Throws a PlannerError (with the usage) when both replies fail.
 */
export async function proposeRevision(model: ChatModel, request: RevisionRequest, signal: AbortSignal, rules?: ProjectRulesSource, approved?: PlanScope): Promise<ProposedRevision> {
  const loaded = rules ? await rules([]).catch(() => undefined) : undefined;
  const names = ruleFileNames(loaded);
  const { value, usage } = await askWithRepair<PlanPatch>(
    model,
    {
      request: { role: 'replanner', messages: buildRevisePrompt(request, loaded), ...(names.length > 0 ? { projectRules: names } : {}) },
      check: (reply) => checkPatchReply(reply, (patch) => revisionProblems(request, patch), parseStepLine),
      replyAs: 'as patch lines only',
      what: 'patch',
      failure: 'invalidReplan',
    },
    signal,
  );
  const applied = applyRevisionPatch(request, value);
  if (!applied.ok) throw new Error(`the revision does not apply: ${applied.problems.map(formatProblem).join('; ')}`);
  return { patch: value, plan: applied.plan, review: revisionDiff(request.plan, applied.plan, approved), usage };
}
