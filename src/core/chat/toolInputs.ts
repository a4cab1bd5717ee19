// The Language Model Tools Planwright offers an agent (Copilot agent mode, any chat participant): their
// names and zod input schemas, the single source of the JSON Schemas in package.json's
// `contributes.languageModelTools` (a unit test compares them), and the parsing of an agent's input.
import { z } from 'zod';

/** A plan handed over by an agent: the plan-file object, or its JSON text. */
export const PlanToolInputSchema = z.object({
  plan: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .describe('The plan in the Planwright plan-file format: {"version": 1, "goal": "…", "steps": [{"id": "E1", "title": "…", "tool": "readFile", "args": {…}, "dependsOn"?: […], "postcondition"?: {…}}]}, as an object or as its JSON text.'),
});
/** The input of validatePlan and proposePlan. */
export type PlanToolInput = z.infer<typeof PlanToolInputSchema>;

/** The tools that take nothing: run the approved plan, report the run's state. */
export const NoToolInputSchema = z.object({});

/** Every tool: its registered name, its `#` reference in chat, and its input schema. */
export const LM_TOOLS = {
  validatePlan: { name: 'planwright_validatePlan', reference: 'planwrightValidatePlan', input: PlanToolInputSchema },
  proposePlan: { name: 'planwright_proposePlan', reference: 'planwrightProposePlan', input: PlanToolInputSchema },
  runPlan: { name: 'planwright_runPlan', reference: 'planwrightRunPlan', input: NoToolInputSchema },
  runStatus: { name: 'planwright_runStatus', reference: 'planwrightRunStatus', input: NoToolInputSchema },
} as const;

/** The JSON Schema of a tool's input, as package.json declares it. */
export function toolInputJsonSchema(input: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(input) as Record<string, unknown>;
  return schema;
}

/** The plan an agent handed over, as a value for the validation gate; a JSON text that does not parse is a problem. */
export function planFromToolInput(input: unknown): { readonly ok: true; readonly plan: unknown } | { readonly ok: false; readonly problem: string } {
  const parsed = PlanToolInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, problem: 'the input needs a "plan": the plan object or its JSON text' };
  if (typeof parsed.data.plan !== 'string') return { ok: true, plan: parsed.data.plan };
  try {
    return { ok: true, plan: JSON.parse(parsed.data.plan) as unknown };
  } catch (error) {
    return { ok: false, problem: `the plan is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}
