// What a revision does to a plan, as the user reviews it before applying: the steps added, changed and
// dropped (diffPlans.ts), the files the plan changes and the commands it runs once revised, and whether it
// widens the scope the user approved, with the steps that do.
import { diffPlans, type PlanDiff } from './diffPlans';
import { isEmptyScope, scopeBeyond, scopeOfCall, scopeOfPlan, type PlanScope } from './planScope';
import type { Plan } from './planSchema';

/** A revision as reviewed: the step diff, the revised plan's scope, and what it adds to the approved one. */
export interface RevisionDiff {
  readonly diff: PlanDiff;
  /** The files the revised plan changes and the commands it runs. */
  readonly scope: PlanScope;
  /** What the revised plan changes or runs that the approved scope does not hold; empty when it stays inside. */
  readonly widened: PlanScope;
  /** The added or changed steps that widen the scope. */
  readonly wideningSteps: readonly string[];
}

/** Reviews `after` against `before`; `approved` is the scope the user approved (by default, `before`'s). */
export function revisionDiff(before: Plan, after: Plan, approved: PlanScope = scopeOfPlan(before)): RevisionDiff {
  const diff = diffPlans(before, after);
  const scope = scopeOfPlan(after);
  const touched = [...diff.added, ...diff.changed.map((change) => change.after)];
  const wideningSteps = touched.filter((step) => !isEmptyScope(scopeBeyond(scopeOfCall(step.tool, step.args), approved))).map((step) => step.id);
  return { diff, scope, widened: scopeBeyond(scope, approved), wideningSteps };
}

/** Whether the revision widens the approved scope. */
export function widensScope(review: RevisionDiff): boolean {
  return !isEmptyScope(review.widened);
}
