// Planwright's effect class and approval rule for an MCP tool, decided from its annotations alone, with
// the hint that decided each in words (the tooltip and the approval prompt quote them). Annotations are
// hints from a third party; a missing one is read the way that risks least, which is also the spec's
// default: not read-only, not idempotent, destructive.
import type { EffectClass } from '../tools/defineTool';
import type { McpAnnotations } from './mcpToolSpec';

/** What the annotations make of an MCP tool. */
export interface McpEffect {
  readonly effect: EffectClass;
  /** Why it has that effect class: the hint that decided, quoted. */
  readonly effectBecause: string;
  /** True when every call must be approved on its own (never in bulk). */
  readonly oneByOne: boolean;
  /** Why it is or is not approved one by one. */
  readonly approvalBecause: string;
}

/** The effect class and approval rule of a tool with `annotations` (absent: the most cautious reading). */
export function mcpEffect(annotations: McpAnnotations | undefined): McpEffect {
  const hints = annotations ?? {};
  if (hints.readOnlyHint === true) {
    return { effect: 'readOnly', effectBecause: 'readOnlyHint: true', oneByOne: false, approvalBecause: 'readOnlyHint: true (changes nothing)' };
  }
  const effect: EffectClass = hints.idempotentHint === true ? 'idempotent' : 'nonIdempotent';
  const effectBecause =
    hints.idempotentHint === true ? 'idempotentHint: true' : hints.idempotentHint === false ? 'idempotentHint: false' : 'no idempotentHint (not safe to repeat)';
  if (hints.destructiveHint === false) {
    return { effect, effectBecause, oneByOne: false, approvalBecause: 'destructiveHint: false (only adds)' };
  }
  const approvalBecause =
    hints.destructiveHint === true ? 'destructiveHint: true' : 'no destructiveHint (the MCP default is destructive)';
  return { effect, effectBecause, oneByOne: true, approvalBecause };
}
