// A re-plan reply that holds a whole plan (`{"steps": [...]}`) instead of a patch, read as the patch it
// stands for: its steps take the place of the broken step and the steps it invalidated. Steps of the JSON
// form carry no ids: they are new steps, numbered past every id the plan has (a re-plan's numbering), and
// the broken and invalidated steps are dropped. Plan-file steps carry ids: a step of the plan that ran (or
// is running) is kept as it ran, whatever the reply says of it (to run it again, give it a new id); one
// that has not started is replaced by the reply's; a new id is added; the broken and invalidated steps the
// reply leaves out are dropped. So a reply restating the whole plan with one step fixed is that fix.
import { readCompactJson } from '../plan/compact/compactJson';
import { nextStepNumber } from '../plan/compact/compactPlanReader';
import type { PatchParse } from '../plan/parsePatch';
import type { PatchOp } from '../plan/planPatch';
import { formatProblem } from '../plan/planProblem';
import type { Step } from '../plan/planSchema';
import type { ReplanRequest } from '../run/modelRoles';

/** What a whole plan in a re-plan's reply stands in for, and the ids the plan has. */
export interface PatchScope {
  /** The broken step and the steps it invalidated: what the reply's steps take the place of. */
  readonly replaced: readonly string[];
  /** Steps that ran or are running: a restated one is kept as it ran. */
  readonly frozen: readonly string[];
  /** Every id of the plan. */
  readonly known: readonly string[];
}

/** The scope of a re-plan's reply to `request`. */
export function patchScopeOf(request: ReplanRequest): PatchScope {
  const replaced = [request.broken.step.id, ...request.invalidated.map((step) => step.id)];
  const frozen = request.frozen.map((step) => step.id);
  return { replaced, frozen, known: [...replaced, ...frozen, ...request.waiting.map((step) => step.id)] };
}

/** The patch the whole plan `value` (`{"steps": [...]}`) stands for within `scope`. */
export function wholePlanPatch(value: unknown, scope: PatchScope): PatchParse {
  const steps = (value as { steps: readonly unknown[] }).steps;
  const drops = (named: ReadonlySet<string>): PatchOp[] => scope.replaced.filter((id) => !named.has(id)).map((id) => ({ op: 'drop', id }));
  if (!steps.some((step) => typeof (step as { id?: unknown } | null)?.id === 'string')) {
    const read = readCompactJson(value, { firstNumber: nextStepNumber(scope.known.map((id) => ({ id }))) });
    if (read.problems.length > 0) return { ok: false, problems: read.problems.map(formatProblem) };
    const ops = [...drops(new Set()), ...read.steps.map((step): PatchOp => ({ op: 'add', step }))];
    return read.steps.length > 0 ? { ok: true, patch: ops } : { ok: false, problems: ['the reply holds no step; answer with patch lines, or {"steps": [...]} for the steps that replace the broken ones'] };
  }
  const frozen = new Set(scope.frozen);
  const known = new Set(scope.known);
  const named = new Set<string>();
  const ops: PatchOp[] = [];
  const problems: string[] = [];
  steps.forEach((step, index) => {
    const id = (step as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') {
      problems.push(`steps[${index}].id: a plan-file step needs its id, as the others have`);
      return;
    }
    named.add(id);
    if (frozen.has(id)) return;
    // The plan gate judges the step's fields once the patch is applied.
    ops.push(known.has(id) ? { op: 'replace', id, step: step as Step } : { op: 'add', step: step as Step });
  });
  if (problems.length > 0) return { ok: false, problems };
  const patch = [...drops(named), ...ops];
  return patch.length > 0 ? { ok: true, patch } : { ok: false, problems: ['the reply restates the plan without changing a step that has not run; patch the broken step'] };
}
