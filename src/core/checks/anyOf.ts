// any: holds when at least one child check holds; names the one that did, or why each failed.
import type { CheckContext, CheckEvaluation, CheckEvaluator, CheckOf } from './checkContext';

/** Evaluates children in order until one passes; on failure the detail lists every child's detail. */
export async function anyOf(check: CheckOf<'any'>, context: CheckContext, evaluate: CheckEvaluator): Promise<CheckEvaluation> {
  const total = check.checks.length;
  const failures: string[] = [];
  let unevaluable = false;
  for (const [index, child] of check.checks.entries()) {
    const result = await evaluate(child, context);
    if (result.ok) return { ok: true, detail: `any: check ${index + 1} of ${total} passed: ${result.detail}` };
    failures.push(`(${index + 1}) ${result.detail}`);
    unevaluable ||= result.unevaluable === true;
  }
  const detail = `any: none of ${total} checks passed: ${failures.join('; ')}`;
  return unevaluable ? { ok: false, unevaluable: true, detail } : { ok: false, detail };
}
