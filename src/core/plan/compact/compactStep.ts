// What one compact step says (the parts a line or a JSON fallback item holds) and the plan step it
// becomes: the id from its position, the title derived when none is written, the dependencies its
// references and file hazards imply, and the postcondition its tool call implies unless one is written.
import type { Check } from '../../checks/checkSchema';
import { findTool } from '../../tools/toolCatalog';
import { actionTitle } from '../actionTitle';
import { impliedPostcondition } from '../impliedCheck';
import type { Step } from '../planSchema';
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
}

/** The postcondition a call implies when its tool is known and its arguments fit the tool's schema. */
export function impliedCheckOf(tool: string, args: Record<string, unknown>): Check | undefined {
  const definition = findTool(tool);
  if (!definition) return undefined;
  const parsed = definition.input.safeParse(args);
  return parsed.success ? impliedPostcondition(tool, parsed.data as Record<string, unknown>) : undefined;
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
