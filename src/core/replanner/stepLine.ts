// One step as one line of the compact plan language, the form patches and repairs are written in:
//   <tool> {<args as JSON>} [after E1,E2] [check C] [pre C] [status C] [undo …] [idempotent] [keyed] [# title]
// The id comes from the patch line, not the step. A patch line is read on its own, so it gives its step only
// the dependencies its references and written `after` ids imply; applying the patch adds its file hazards.
import { encodeCompactStep } from '../plan/compact/encodeCompactPlan';
import { encodeEachLines } from '../plan/compact/eachLines';
import { parseCompactLine } from '../plan/compact/parseCompactLine';
import type { StepLineParser } from '../plan/parsePatch';
import type { Step } from '../plan/planSchema';

/** `step` as one terse compact line without its id label: its title, no check the call already guarantees. */
export function encodeStepLine(step: Step): string {
  return encodeCompactStep(step, undefined, { terse: true }).slice(step.id.length + 1);
}

/**
 * `steps` as the step lines of a patch's `add` lines, without their labels. Applying a patch adds its
 * steps' file hazards (patchHazards.ts), so a line leaves out the order that hazards with the lines
 * before it imply, as a plan's lines do; a run alike but for the path is one `each` line.
 */
export function encodeAddedStepLines(steps: readonly Step[]): { readonly steps: readonly Step[]; readonly line: string }[] {
  return encodeEachLines(steps, [], { terse: true }).map((encoded) => ({ steps: encoded.steps, line: encoded.text.slice(encoded.steps[0]!.id.length + 1) }));
}

/** Reads one compact step line (an `E4` label, if written, must be the id) as step `id`, and the ids after it for `each`. */
export const parseStepLine: StepLineParser = (text, id) => {
  const read = parseCompactLine(text, { id });
  return read.problems.length === 0 ? { ok: true, steps: read.steps } : { ok: false, problem: read.problems.map((problem) => problem.message).join('; ') };
};
