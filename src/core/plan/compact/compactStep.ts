// What one compact step says (the parts a line or a JSON fallback item holds) and the plan step it
// becomes: the id from its position, the title derived when none is written, the dependencies its
// references and file hazards imply, and the postcondition its tool call implies unless one is written.
import type { Check } from '../../checks/checkSchema';
import { findTool } from '../../tools/toolCatalog';
import { actionTitle } from '../actionTitle';
import { impliedPostcondition } from '../impliedCheck';
import type { Step } from '../planSchema';
import { consecutiveIds, eachProblem, expandEach, type EachSpec } from './eachExpansion';
import type { DependencyContext } from './impliedDependencies';

/** The fields of one compact step, before anything is implied. */
export interface CompactStepParts {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  /** `after E2,E3`: dependencies written out. */
  readonly after?: readonly string[];
  /** `check …`: replaces the implied postcondition. */
  readonly postcondition?: Check;
  /** `pre …` */
  readonly precondition?: Check;
  /** `status …` */
  readonly statusCheck?: Check;
  /** `undo <tool> {args}` */
  readonly compensation?: { readonly tool: string; readonly args: Record<string, unknown> };
  /** `idempotent` */
  readonly idempotent?: boolean;
  /** `keyed`: the command honours the idempotency key. */
  readonly idempotencyKey?: boolean;
  /** `# title` */
  readonly title?: string;
  /** `each path [...]`: one step per value (eachExpansion.ts). */
  readonly each?: EachSpec;
}

/** The postcondition a call implies when its tool is known and its arguments fit the tool's schema. */
export function impliedCheckOf(tool: string, args: Record<string, unknown>): Check | undefined {
  const definition = findTool(tool);
  if (!definition) return undefined;
  const parsed = definition.input.safeParse(args);
  return parsed.success ? impliedPostcondition(tool, parsed.data as Record<string, unknown>) : undefined;
}

/**
 * The plan steps `parts` become, the first as step `firstId`: one, or one per value of `each` with the ids
 * after it. Each is recorded in `context` as it is made, so the later ones get their hazards on the earlier.
 */
export function compactSteps(parts: CompactStepParts, firstId: string, context: DependencyContext): { readonly steps: Step[] } | { readonly problem: string } {
  if (!parts.each) {
    const step = compactStep(parts, firstId, context);
    context.add(step);
    return { steps: [step] };
  }
  const problem = eachProblem(parts, parts.each);
  if (problem) return { problem };
  const ids = consecutiveIds(firstId, parts.each.values.length);
  if (!ids) return { problem: `"each" needs an id of the form E<n> to number its steps from, not ${firstId}` };
  const steps = expandEach(parts, parts.each).map((expanded, index) => {
    const step = compactStep(expanded, ids[index]!, context);
    context.add(step);
    return step;
  });
  return { steps };
}

/** The plan step `parts` become as step `id`, after the steps in `context`. */
export function compactStep(parts: CompactStepParts, id: string, context: DependencyContext): Step {
  const compensation = parts.compensation ? { tool: parts.compensation.tool, args: parts.compensation.args } : undefined;
  const dependsOn = context.dependsOn({ id, tool: parts.tool, args: parts.args, ...(compensation ? { compensation } : {}) }, parts.after ?? []);
  const postcondition = parts.postcondition ?? impliedCheckOf(parts.tool, parts.args);
  return {
    id,
    title: parts.title ?? actionTitle(parts.tool, parts.args),
    tool: parts.tool,
    args: parts.args,
    ...(dependsOn.length > 0 ? { dependsOn } : {}),
    ...(parts.precondition ? { precondition: parts.precondition } : {}),
    ...(postcondition ? { postcondition } : {}),
    ...(parts.statusCheck ? { statusCheck: parts.statusCheck } : {}),
    ...(compensation ? { compensation } : {}),
    ...(parts.idempotent ? { idempotent: true } : {}),
    ...(parts.idempotencyKey ? { idempotencyKey: true } : {}),
  };
}
