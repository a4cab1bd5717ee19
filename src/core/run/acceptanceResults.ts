// What evaluating a plan's acceptance checks ("Done when") found, as the journal keeps it: once before
// the first step (a check that already holds proves nothing) and after the last step of each revision.
import { z } from 'zod';

/** One acceptance check's result: its place in `plan.acceptance`, whether it held, and the evidence. */
export const AcceptanceResultSchema = z.object({
  index: z.number().int().nonnegative(),
  ok: z.boolean(),
  detail: z.string(),
  /** Not evaluated before the run: a command check runs only once the run's steps have. */
  skipped: z.literal(true).optional(),
});
/** One acceptance check's result. */
export type AcceptanceResult = z.infer<typeof AcceptanceResultSchema>;

/** When the checks were evaluated: `before` the first step started, or `after` the last step ended. */
export const AcceptancePhaseSchema = z.enum(['before', 'after']);
/** When the checks were evaluated. */
export type AcceptancePhase = z.infer<typeof AcceptancePhaseSchema>;

/** The results of one evaluation of the acceptance checks, against the plan's `revision`. */
export interface AcceptanceEvaluation {
  readonly revision: number;
  readonly results: readonly AcceptanceResult[];
}

/** The results that did not hold (skipped ones are not failures). */
export function unmetResults(results: readonly AcceptanceResult[]): AcceptanceResult[] {
  return results.filter((result) => !result.ok && !result.skipped);
}

/** The results that held before the run started: such a check proves nothing about the run. */
export function alreadyTrueResults(results: readonly AcceptanceResult[]): AcceptanceResult[] {
  return results.filter((result) => result.ok && !result.skipped);
}
