// The plan file format v1 as zod schemas: the single source of truth for plan files, planner output,
// the JSON Schema shipped for editors, and the `Plan` / `Step` types. Cross-field rules that need the
// tool catalogue or the whole plan (known tools, tool arguments, references, cycles) live in the gate.
import { z } from 'zod';
import { CheckSchema } from '../checks/checkSchema';
import { PLAN_LIMITS, TOO_MANY_STEPS } from '../planLimits';

/** A step id: a letter, then up to 31 letters, digits, `_` or `-`. */
export const STEP_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

/** The plan format version this code reads and writes. */
export const PLAN_FORMAT_VERSION = 1;

/** A step id, as used in `id` and `dependsOn`. */
export const StepIdSchema = z
  .string()
  .regex(STEP_ID_PATTERN, { message: 'must be a step id: a letter, then up to 31 letters, digits, "_" or "-"' });

/** Arguments of a tool call; their shape is checked by the tool's own input schema in the gate. */
export const ToolArgsSchema = z.record(z.string(), z.unknown());

/** A tool call that undoes a step (e.g. restore a file, drop a created branch). */
export const CompensationSchema = z
  .object({
    tool: z.string().min(1).max(PLAN_LIMITS.toolName).describe('The tool that undoes the step.'),
    args: ToolArgsSchema.describe("The undoing tool's arguments; may reference step outputs with #<id>."),
  })
  .strict();

/** One step: one tool call with its arguments and the checks that say whether it did its job. */
export const StepSchema = z
  .object({
    id: StepIdSchema.describe('Unique id, referenced as #<id> in arguments and in dependsOn (e.g. "E1").'),
    title: z.string().min(1).max(PLAN_LIMITS.title).describe('What the step does, in a few words.'),
    tool: z.string().min(1).max(PLAN_LIMITS.toolName).describe('The tool this step calls.'),
    args: ToolArgsSchema.describe("The tool's arguments; any string may contain #<id>, the output of that step."),
    dependsOn: z.array(StepIdSchema).optional().describe('Steps that must succeed before this one starts.'),
    precondition: CheckSchema.optional().describe('Must hold before the tool runs, or the step fails without running.'),
    postcondition: CheckSchema.optional().describe(
      'Must hold after the tool ran for the step to succeed; required for tools that change the workspace.',
    ),
    statusCheck: CheckSchema.optional().describe('Settles whether an uncertain effect (timeout, crash) happened.'),
    compensation: CompensationSchema.optional().describe('A tool call that undoes this step.'),
    idempotent: z.boolean().optional().describe('runCommand only: repeating this command is safe.'),
    idempotencyKey: z
      .boolean()
      .optional()
      .describe('runCommand only: the command honours PLANWRIGHT_IDEMPOTENCY_KEY, so a repeat is collapsed.'),
  })
  .strict();

/** The revision a run's first plan has, as people count: the first re-plan makes revision 2. */
export const FIRST_REVISION = 1;

/** A plan: a goal and the steps that reach it. */
export const PlanSchema = z
  .object({
    $schema: z.string().optional().describe('The JSON Schema of this file, for editors.'),
    version: z.literal(PLAN_FORMAT_VERSION).describe('The plan format version.'),
    goal: z
      .string()
      .regex(/\S/, { message: 'must not be empty' })
      .describe('What the plan achieves when every step succeeds.'),
    revision: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('Counts revisions: 1 for the first plan (0 or absent read as 1), +1 for every re-plan.'),
    acceptance: z
      .array(CheckSchema)
      .max(PLAN_LIMITS.acceptance, { message: `at most ${PLAN_LIMITS.acceptance} acceptance checks` })
      .optional()
      .describe('Done when: checks on the workspace that hold once the goal is met, evaluated after the last step.'),
    steps: z.array(StepSchema).min(1, { message: 'a plan needs at least one step' }).max(PLAN_LIMITS.steps, { message: TOO_MANY_STEPS }).describe('The steps, in any order.'),
  })
  .strict();

/** One step of a plan. */
export type Step = z.infer<typeof StepSchema>;

/** A plan, well-formed but not yet through the validation gate. */
export type Plan = z.infer<typeof PlanSchema>;

declare const validPlanBrand: unique symbol;

/**
 * A plan that passed every rule of the validation gate. Only `validatePlan` produces one (it is frozen),
 * so the executor, which accepts nothing else, never sees an unchecked plan.
 */
export type ValidPlan = Readonly<Plan> & { readonly [validPlanBrand]: true };
