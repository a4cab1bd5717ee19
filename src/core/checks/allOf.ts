// all: holds when every child check holds; stops at the first that does not and names it.
import type { CheckContext, CheckEvaluation, CheckEvaluator, CheckOf } from './checkContext';

/** Evaluates children in order; the detail names the failing child, e.g. `all: check 2 of 3 failed: ...`. */
export async function allOf(check: CheckOf<'all'>, context: CheckContext, evaluate: CheckEvaluator): Promise<CheckEvaluation> {
  const total = check.checks.length;
  for (const [index, child] of check.checks.entries()) {
    const result = await evaluate(child, context);
    if (result.ok) continue;
    const detail = `all: check ${index + 1} of ${total} failed: ${result.detail}`;
    return result.unevaluable ? { ok: false, unevaluable: true, detail } : { ok: false, detail };
  }
  return { ok: true, detail: `all: ${total} of ${total} checks passed` };
}
