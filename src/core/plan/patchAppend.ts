// One `add` line of a patch still being written, applied at the cost of its own step. Applying every line
// whole (the patch rules, the file hazards against every step, the gate over the whole plan) made a
// streamed patch quadratic: 2,000 added steps took 25 s. A step added at the end of the plan changes no
// other step: it needs only its own hazard order, from the plan's dependency context kept between lines,
// and the gate of one appended step (appendStep.ts), which gives the whole gate's verdict. Whatever else
// a line does goes through applyPatch whole.
import { canonicalJson } from '../text/canonicalJson';
import { gateAppendedStep } from './appendStep';
import { DependencyContext } from './compact/impliedDependencies';
import { withHazardOrder } from './patchHazards';
import type { Step, ValidPlan } from './planSchema';
import type { StepStatus } from './stepStatus';
import type { PlanValidation } from './validatePlan';

/** The dependency context of each plan's steps, handed on to the plan one more line grows from it. */
const contexts = new WeakMap<ValidPlan, DependencyContext>();

/** The last line applied to a plan: the run applies each line twice (as it arrives, as its journal record replays). */
interface LastLine {
  readonly step: string;
  readonly revision: number | undefined;
  /** What the step waits for before finished steps are left out, and the step it became. */
  readonly order: readonly string[];
  readonly ordered: string;
  readonly verdict: PlanValidation;
}

const lastLines = new WeakMap<ValidPlan, LastLine>();

/** The context of `plan`'s steps: the one handed on to it when it is still whole, else built anew. */
function contextOf(plan: ValidPlan): DependencyContext {
  const kept = contexts.get(plan);
  if (kept && kept.size === plan.steps.length) return kept;
  const context = new DependencyContext(plan.steps);
  contexts.set(plan, context);
  return context;
}

/**
 * The verdict of applying `add step` (at the end of `plan`, `step` already waiting for its anchor) as a
 * line of an open patch with `revision`: `applyPatch`'s, or `undefined` when only the whole patch rules
 * can say (an id the plan has, or one a step of it already waits for).
 */
export function appendPatchedStep(plan: ValidPlan, statuses: ReadonlyMap<string, StepStatus>, step: Step, revision: number | undefined): PlanValidation | undefined {
  const key = canonicalJson(step);
  const last = lastLines.get(plan);
  if (last && last.step === key && last.revision === revision && canonicalJson(withHazardOrder(step, last.order, statuses)) === last.ordered) return last.verdict;
  const context = contextOf(plan);
  // A step the plan already waits for is placed before its waiters, which only the whole patch rules do.
  if (context.has(step.id) || context.awaits(step.id)) return undefined;
  const order = context.dependsOn(step, step.dependsOn ?? []);
  const ordered = withHazardOrder(step, order, statuses);
  const verdict = gateAppendedStep(plan, ordered, { openReferences: true }, revision);
  lastLines.set(plan, { step: key, revision, order, ordered: canonicalJson(ordered), verdict });
  if (verdict.ok) {
    // The step as queried (its own args), so the context takes it as closed, as the whole patch's does.
    context.add(ordered);
    contexts.set(verdict.plan, context);
  }
  return verdict;
}
