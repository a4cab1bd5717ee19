// Editing a plan's acceptance checks ("Done when") by hand: a check written in the plan language's one-line
// grammar (`run "npm test"`, `contains src/cli.ts "--verbose"`) is read by the same grammar as a plan file's,
// put in place, and the edited plan goes through the same validation gate, so a check the tree accepts is one
// the plan file would accept too. What is wrong is said with where: the column, or the check's place and field.
import { parseCheckText } from './compact/checkGrammar';
import { formatProblem } from './planProblem';
import type { Plan } from './planSchema';
import { validatePlan } from './validatePlan';

/** An edited plan, or what is wrong with the check as written. */
export type AcceptanceEdit = { readonly ok: true; readonly plan: Plan } | { readonly ok: false; readonly problem: string };

/**
 * `plan` with the check written as `text` in place of check `index` of `plan.acceptance`, or added after the
 * last one when `index` is undefined; refused with the grammar's or the gate's words when the check is wrong.
 */
export function writeAcceptanceCheck(plan: Plan, index: number | undefined, text: string): AcceptanceEdit {
  const parsed = parseCheckText(text.trim());
  if (!parsed.ok) return { ok: false, problem: parsed.problem };
  const checks = [...(plan.acceptance ?? [])];
  const at = index ?? checks.length;
  if (at > checks.length) return { ok: false, problem: `the plan has no acceptance check ${at + 1}` };
  checks[at] = parsed.check;
  const edited: Plan = { ...plan, acceptance: checks };
  const verdict = validatePlan(edited);
  // Problems elsewhere in the plan are not this check's; the edit itself is gated again when applied.
  const own = verdict.ok ? [] : verdict.problems.filter((problem) => problem.path === 'acceptance' || problem.path.startsWith(`acceptance[${at}]`));
  return own.length > 0 ? { ok: false, problem: own.map(formatProblem).join('; ') } : { ok: true, plan: edited };
}

/** `plan` without check `index` of `plan.acceptance` (the field goes when the last check does). */
export function removeAcceptanceCheck(plan: Plan, index: number): Plan {
  const checks = (plan.acceptance ?? []).filter((_check, at) => at !== index);
  const { acceptance: _removed, ...rest } = plan;
  return checks.length > 0 ? { ...rest, acceptance: checks } : rest;
}
