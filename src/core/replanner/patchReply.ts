// A re-plan's or a repair's reply read as a patch, in whichever form the model wrote it: patch lines (the
// form asked for), or JSON — in prose, a fence or a tag too, as modelJson.ts reads it. The JSON form of a
// patch is `{"patch": [{"op": "add" | "replace" | "drop", "id": …, …}]}`, each item the parts of one
// line: `drop` holds only its id; `add` and `replace` hold a step of the plan's JSON form (`tool`, `args`,
// `after`, `check`, …). `after` there is what the step waits for, as a line's `after E2,E3`. A JSON reply
// holding a whole plan (`{"steps": [...]}`) instead of a patch is read as steps that stand in for the
// broken step and the steps it invalidated (`PatchScope`): see wholePlanPatch.ts.
import { z } from 'zod';
import { readCompactJsonStep } from '../plan/compact/compactJson';
import { DependencyContext } from '../plan/compact/impliedDependencies';
import { NO_PATCH_LINE, parsePatch, type PatchParse, type StepLineParser } from '../plan/parsePatch';
import type { PatchOp } from '../plan/planPatch';
import { formatProblem } from '../plan/planProblem';
import { STEP_ID_PATTERN } from '../plan/planSchema';
import { PLAN_LIMITS } from '../planLimits';
import { holdsJsonObject, parseModelJson } from '../planner/modelJson';
import { wholePlanPatch, type PatchScope } from './wholePlanPatch';

/** One item of the JSON form of a patch, before its step is read. */
const JsonPatchItemSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('drop'), id: z.string().regex(STEP_ID_PATTERN) }).strict(),
  z.object({ op: z.literal('replace'), id: z.string().regex(STEP_ID_PATTERN) }).passthrough(),
  z.object({ op: z.literal('add'), id: z.string().regex(STEP_ID_PATTERN) }).passthrough(),
]);

/** The JSON form of a patch. */
export const JsonPatchSchema = z.object({ patch: z.array(z.unknown()).min(1).max(PLAN_LIMITS.steps) }).strict();

/** Reads `reply` as a patch: lines, or JSON when the reply is a JSON object; `scope` lets a whole plan stand in. */
export function readPatchReply(reply: string, parseStep: StepLineParser, scope?: PatchScope): PatchParse {
  if (!holdsJsonObject(reply)) return parsePatch(reply, parseStep);
  const parsed = parseModelJson(reply);
  return parsed.ok ? readJsonPatch(parsed.value, scope) : { ok: false, problems: [parsed.problem] };
}

/** The patch a JSON reply holds: the patch form, or a whole plan read through `scope`. */
export function readJsonPatch(value: unknown, scope?: PatchScope): PatchParse {
  const steps = (value as { steps?: unknown } | null)?.steps;
  if (scope && Array.isArray(steps) && (value as { patch?: unknown }).patch === undefined) return wholePlanPatch(value, scope);
  const parsed = JsonPatchSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problems: [`the reply must be a JSON object {"patch": [{"op": "add" | "replace" | "drop", "id": …}, …]}${scope ? ' or {"steps": [...]}' : ''}`] };
  const ops: PatchOp[] = [];
  const problems: string[] = [];
  parsed.data.patch.forEach((item, index) => {
    const where = `patch[${index}]`;
    const read = JsonPatchItemSchema.safeParse(item);
    if (!read.success) {
      problems.push(`${where}: an item is {"op": "drop", "id": "E2"}, or {"op": "add" | "replace", "id": "E4", "tool": …, "args": {…}, "after"?: […], "check"?: …}`);
      return;
    }
    if (read.data.op === 'drop') {
      ops.push({ op: 'drop', id: read.data.id });
      return;
    }
    const { op, id, ...parts } = read.data;
    const made = readCompactJsonStep(parts, id, new DependencyContext());
    if ('problems' in made) {
      problems.push(...made.problems.map((problem) => `${where} (${id}): ${formatProblem(problem)}`));
      return;
    }
    if (op === 'replace' && made.steps.length !== 1) {
      problems.push(`${where} (${id}): replace puts one step in place of ${id}, but "each" makes ${made.steps.length}; replace with one, and add the others`);
      return;
    }
    ops.push(...made.steps.map((step): PatchOp => (op === 'replace' ? { op, id, step } : { op, step })));
  });
  if (problems.length > 0) return { ok: false, problems };
  return ops.length > 0 ? { ok: true, patch: ops } : { ok: false, problems: [NO_PATCH_LINE] };
}
