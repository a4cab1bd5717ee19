// not: holds when its child check does not.
import type { CheckContext, CheckEvaluation, CheckEvaluator, CheckOf } from './checkContext';

/** Inverts the child, except that a child that could not be evaluated fails; the detail keeps the child's. */
export async function notCheck(check: CheckOf<'not'>, context: CheckContext, evaluate: CheckEvaluator): Promise<CheckEvaluation> {
  const result = await evaluate(check.check, context);
  if (result.unevaluable) return { ok: false, unevaluable: true, detail: `not: the inner check could not be evaluated: ${result.detail}` };
  return result.ok
    ? { ok: false, detail: `not: the inner check passed: ${result.detail}` }
    : { ok: true, detail: `not: the inner check failed as required: ${result.detail}` };
}
