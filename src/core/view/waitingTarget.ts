// Which waiting step a keyboard or palette Approve / Reject answers, and which row takes the focus after an
// answer. Pure, so the rule is tested without an editor: the step the user points at (the focused row, the
// active preview) when it waits, else the only waiting step, else the user picks one.

/** The step to answer, the steps to pick from, or none when no step waits. */
export type AnswerTarget = { readonly kind: 'step'; readonly stepId: string } | { readonly kind: 'pick'; readonly stepIds: readonly string[] } | { readonly kind: 'none' };

/** What Approve Step / Reject Step acts on, given the step the user points at and the waiting steps in tree order. */
export function answerTarget(pointed: string | undefined, waiting: readonly string[]): AnswerTarget {
  if (pointed !== undefined && waiting.includes(pointed)) return { kind: 'step', stepId: pointed };
  if (waiting.length === 1) return { kind: 'step', stepId: waiting[0]! };
  return waiting.length === 0 ? { kind: 'none' } : { kind: 'pick', stepIds: waiting };
}

/**
 * The waiting row to focus after `answered` was answered: the next one below it in `order` (the rows as they
 * were), else the nearest above it; `undefined` when none waits any more.
 */
export function nextWaiting(order: readonly string[], answered: string, isWaiting: (stepId: string) => boolean): string | undefined {
  const at = order.indexOf(answered);
  const below = order.slice(at + 1).find(isWaiting);
  return below ?? order.slice(0, Math.max(at, 0)).reverse().find(isWaiting);
}
