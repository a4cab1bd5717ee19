// Naming a child run. A child's run id is derived from its parent's run, step and arguments, so running the
// step again finds the same child journal (a resume), while a re-plan that gives the step another goal or
// scope starts a new child. The sub-plan runner names its children with it and the views find them by it.
import type { SubplanInput } from '../tools/subplan';
import { canonicalJson } from '../text/canonicalJson';

/** FNV-1a over the text, as 8 hex digits: enough to tell two argument sets of one step apart. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The run id of the child of `stepId` in run `parentRunId` for these arguments: `<parent>.<step>-<hash>`
 * for its first attempt, `…~2`, `…~3` for the fresh children of later attempts (a retry after it ended).
 */
export function childRunIdOf(parentRunId: string, stepId: string, input: SubplanInput, attempt = 1): string {
  const base = `${parentRunId}.${stepId}-${shortHash(canonicalJson({ goal: input.goal, scope: input.scope, budget: input.budget ?? {} }))}`;
  return attempt > 1 ? `${base}~${attempt}` : base;
}

/** Which attempt of the child whose first attempt is `firstRunId` the run `runId` is, or undefined when it is none. */
export function childAttemptOf(firstRunId: string, runId: string): number | undefined {
  if (runId === firstRunId) return 1;
  const match = runId.startsWith(`${firstRunId}~`) ? /^[1-9][0-9]*$/.exec(runId.slice(firstRunId.length + 1)) : null;
  return match ? Number(match[0]) : undefined;
}
