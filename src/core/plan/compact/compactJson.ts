// The JSON fallback of the compact plan language, for endpoints that need structured output: the same
// parts as a line, as one small object per step ({"tool", "args", "after", "check", …}, checks still in
// the one-line grammar), so it costs a fraction of the plan-file schema and maps to the same steps.
import { z } from 'zod';
import { PLAN_LIMITS, screenValue, TOO_MANY_STEPS } from '../../planLimits';
import { appendProblems, formatPath, issueProblems, parseExplained, type PlanProblem } from '../planProblem';
import type { Step } from '../planSchema';
import { parseCheckText } from './checkGrammar';
import { nextStepNumber, type CompactReaderOptions } from './compactPlanReader';
import { compactSteps, type CompactStepParts } from './compactStep';
import { DependencyContext } from './impliedDependencies';

/** One step of the JSON fallback. */
export const CompactJsonStepSchema = z
  .object({
    tool: z.string().min(1),
    args: z.record(z.string(), z.unknown()),
    after: z.array(z.string()).optional(),
    check: z.string().optional(),
    pre: z.string().optional(),
    status: z.string().optional(),
    undo: z.object({ tool: z.string().min(1), args: z.record(z.string(), z.unknown()) }).strict().optional(),
    idempotent: z.boolean().optional(),
    keyed: z.boolean().optional(),
    title: z.string().optional(),
    /** `{"path": ["a.js", "b.js"]}`: one step per value, as a line's `each path [...]`. */
    each: z.record(z.string(), z.array(z.string())).refine((each) => Object.keys(each).length === 1, { message: 'names exactly one argument, e.g. {"path": ["a.js", "b.js"]}' }).optional(),
  })
  .strict();

/** The JSON fallback reply: `{"steps": [...]}`. */
export const CompactJsonReplySchema = z.object({ steps: z.array(CompactJsonStepSchema) }).strict();

/** The reply's JSON Schema, sent as the structured-output format (without the `$schema` header). */
export const COMPACT_JSON_SCHEMA: Record<string, unknown> = (() => {
  const { $schema: _header, ...schema } = z.toJSONSchema(CompactJsonReplySchema, { io: 'input' }) as Record<string, unknown>;
  return schema;
})();

const FIELDS = Object.keys(CompactJsonStepSchema.shape);
const CHECK_FIELDS = [
  ['check', 'postcondition'],
  ['pre', 'precondition'],
  ['status', 'statusCheck'],
] as const;

/** The steps of a JSON fallback reply, numbered and implied as the line form's are, and every problem. */
export function readCompactJson(value: unknown, options: CompactReaderOptions = {}): { readonly steps: Step[]; readonly problems: PlanProblem[] } {
  const items = (value as { steps?: unknown } | null)?.steps;
  if (value === null || typeof value !== 'object' || !Array.isArray(items)) return { steps: [], problems: [{ path: '', message: 'the reply must be a JSON object {"steps": [ ... ]}' }] };
  const room = PLAN_LIMITS.steps - (options.existing?.length ?? 0);
  if (items.length > room) return { steps: [], problems: [{ path: 'steps', message: `${items.length} steps, ${TOO_MANY_STEPS}${room < PLAN_LIMITS.steps ? ` (counting the ${PLAN_LIMITS.steps - room} the plan has)` : ''}; none of them was read` }] };
  const context = new DependencyContext(options.existing ?? []);
  const first = options.firstNumber ?? nextStepNumber(options.existing ?? []);
  const steps: Step[] = [];
  const problems: PlanProblem[] = [];
  // An item with `each` takes one number per step it stands for; a broken item takes one.
  let taken = 0;
  items.forEach((item) => {
    const id = `E${first + taken++}`;
    const read = readCompactJsonStep(item, id, context);
    if ('problems' in read) {
      appendProblems(problems, read.problems);
      return;
    }
    steps.push(...read.steps);
    taken += read.steps.length - 1;
  });
  if (steps.length > room) return { steps: [], problems: [{ path: 'steps', message: `${steps.length} steps with what "each" stands for, ${TOO_MANY_STEPS}${room < PLAN_LIMITS.steps ? ` (counting the ${PLAN_LIMITS.steps - room} the plan has)` : ''}; none of them was read` }] };
  return { steps, problems };
}

/**
 * One item of the JSON form as the step `id` (and the ids after it, for `each`), with the hazards `context`
 * implies (the earlier steps of the same reply); or its problems, each located at `id`.
 */
export function readCompactJsonStep(item: unknown, id: string, context: DependencyContext): { readonly steps: readonly Step[] } | { readonly problems: PlanProblem[] } {
  const screened = screenValue(item, 1);
  if (screened.length > 0) return { problems: screened.map((problem) => ({ stepId: id, path: formatPath(id, problem.path), message: problem.message })) };
  const parsed = parseExplained(CompactJsonStepSchema, item);
  if (!parsed.success) return { problems: issueProblems(parsed.error.issues, item, { base: id, stepId: id, fieldNames: FIELDS }) };
  const { tool, args, after, undo, idempotent, keyed, title, each } = parsed.data;
  const eachKey = each ? Object.keys(each)[0]! : undefined;
  const parts: { -readonly [K in keyof CompactStepParts]: CompactStepParts[K] } = {
    tool,
    args,
    ...(after ? { after } : {}),
    ...(undo ? { compensation: undo } : {}),
    ...(idempotent ? { idempotent } : {}),
    ...(keyed ? { idempotencyKey: keyed } : {}),
    ...(title?.trim() ? { title: title.trim() } : {}),
    ...(each && eachKey !== undefined ? { each: { key: eachKey, values: each[eachKey]! } } : {}),
  };
  const problems: PlanProblem[] = [];
  for (const [field, target] of CHECK_FIELDS) {
    const text = parsed.data[field];
    if (text === undefined) continue;
    const check = parseCheckText(text);
    if (check.ok) parts[target] = check.check;
    else problems.push({ stepId: id, path: `${id}.${field}`, message: check.problem });
  }
  if (problems.length > 0) return { problems };
  const made = compactSteps(parts, id, context);
  return 'problem' in made ? { problems: [{ stepId: id, path: `${id}.each`, message: made.problem }] } : { steps: made.steps };
}
