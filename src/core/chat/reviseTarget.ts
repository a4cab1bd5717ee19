// What `@planwright /revise …` is about: a comment on the whole plan, or, when its first word names a step (its
// id, `E2` or `E2:`, or its number as the tree shows it, `2`), a comment on that step alone.
import { executionOrder } from '../plan/stepNumbers';
import type { Plan } from '../plan/planSchema';

/** The step a chat comment is about (absent: the whole plan) and the comment itself. */
export interface RevisionTarget {
  readonly stepId?: string;
  readonly comment: string;
}

/** Reads `prompt` against `plan`: a leading step id or number makes the comment that step's. */
export function reviseTarget(plan: Plan, prompt: string): RevisionTarget {
  const text = prompt.trim();
  const match = /^(\S+?)[:,]?\s+(\S[\s\S]*)$/.exec(text);
  if (!match) return { comment: text };
  const [, word = '', rest = ''] = match;
  const byId = plan.steps.find((step) => step.id === word);
  const byNumber = /^\d+$/.test(word) ? executionOrder(plan)[Number(word) - 1] : undefined;
  const step = byId ?? byNumber;
  return step ? { stepId: step.id, comment: rest.trim() } : { comment: text };
}
