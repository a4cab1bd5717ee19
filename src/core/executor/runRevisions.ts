// How a run gets its next revision: from a patch (a re-plan's or a repair's) after a step failed or
// became unknown, or from the user's own edit of the plan. Either way the revision is journalled first, then the diff between
// the two revisions is traced.
import { diffPlans } from '../plan/diffPlans';
import { applyPatch, type PlanPatch } from '../plan/planPatch';
import type { ValidPlan } from '../plan/planSchema';
import type { PlanValidation } from '../plan/validatePlan';
import { canonicalJson } from '../text/canonicalJson';
import { mergeEditedPlan } from './replanning';
import type { JournalRecord } from '../run/journalRecords';
import type { RunRecorder } from './runRecorder';
import { statusById, type RunState } from '../run/runState';

/**
 * Applies `patch` (a re-plan's or, when `repaired`, a repair's, after `brokenId` broke; no `brokenId`: the
 * goal's acceptance checks failed) to the run as it stands when its turn comes and puts the result in place
 * as the next revision; the gate's problems when it does not apply.
 */
export function revisePatched(recorder: RunRecorder, patch: PlanPatch, reason: string, brokenId?: string, repaired = false): Promise<PlanValidation> {
  return putInPlace(recorder, (state) => applyPatch(state.plan, statusById(state), patch), reason, brokenId, repaired);
}

/**
 * Puts a plan edited by hand in place as the next revision, unless it changes a completed step. An edit
 * that only renames steps is no revision: the new titles are journalled and every step keeps its state.
 */
export async function reviseByHand(recorder: RunRecorder, edited: ValidPlan, reason: string): Promise<PlanValidation> {
  const renamed = await recorder.appendFrom((state): { record?: JournalRecord; result: boolean } => {
    const titles = renamedTitles(state.plan, edited);
    return titles ? { result: true, record: { type: 'retitled', at: recorder.now(), titles } } : { result: false };
  });
  if (renamed) return { ok: true, plan: recorder.current.plan };
  return putInPlace(recorder, (state) => mergeEditedPlan(state, edited), reason, undefined, false, true);
}

/** The new titles by step id when `edited` differs from `plan` only in step titles (and some differ); else `undefined`. */
export function renamedTitles(plan: ValidPlan, edited: ValidPlan): Record<string, string> | undefined {
  if (plan.goal !== edited.goal || plan.steps.length !== edited.steps.length) return undefined;
  const titles: Record<string, string> = {};
  for (const [index, step] of plan.steps.entries()) {
    const other = edited.steps[index]!;
    if (other.id !== step.id || canonicalJson({ ...other, title: step.title }) !== canonicalJson(step)) return undefined;
    if (other.title !== step.title) titles[step.id] = other.title;
  }
  return Object.keys(titles).length > 0 ? titles : undefined;
}

/** A revision as made: the gate's verdict, the plan it revised and its number. */
interface Revised {
  readonly made: PlanValidation;
  readonly from: ValidPlan;
  readonly revision: number;
}

/** Journals the revision `revise` makes of the run as it stands (`approved`: by the user's hand), then traces the diff between the two. */
async function putInPlace(recorder: RunRecorder, revise: (state: RunState) => PlanValidation, reason: string, failedStepId?: string, repaired = false, approved = false): Promise<PlanValidation> {
  const verdict = await recorder.appendFrom((state): { record?: JournalRecord; result: Revised } => {
    const made = revise(state);
    const revision = state.revision + 1;
    const result = { made, from: state.plan, revision };
    return made.ok ? { result, record: { type: 'revised', at: recorder.now(), revision, ...(failedStepId ? { failedStepId } : {}), ...(repaired ? { repaired } : {}), ...(approved ? { approved } : {}), reason, plan: made.plan } } : { result };
  });
  if (!verdict.made.ok) return verdict.made;
  const diff = diffPlans(verdict.from, verdict.made.plan);
  await recorder.trace({
    type: 'replan',
    revision: verdict.revision,
    ...(failedStepId ? { failedStepId } : {}),
    added: diff.added.map((step) => step.id),
    removed: diff.removed.map((step) => step.id),
    changed: diff.changed.map((change) => change.id),
  });
  return verdict.made;
}
