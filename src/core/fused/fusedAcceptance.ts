// The goal's acceptance checks in fused mode: when the agent gives its final answer the checks run (and
// are journalled once the run exists); one that fails is told to the agent, which goes on within its turn
// budget, so the loop never reports success over a failing check.
import type { CheckContext } from '../checks/checkContext';
import type { Check } from '../checks/checkSchema';
import { evaluateAcceptance, recordAcceptance } from '../executor/acceptanceChecks';
import { unmetOf, unmetReason } from '../executor/acceptanceRecovery';
import type { RunRecorder } from '../executor/runRecorder';

/** What the agent is told when its answer came before the goal was met; `undefined` when every check holds (or there are none). */
export async function unmetAtAnswer(acceptance: readonly Check[] | undefined, recorder: RunRecorder | undefined, context: CheckContext): Promise<string | undefined> {
  if (!acceptance?.length) return undefined;
  // Before its first action the agent has no run to journal into: the checks are evaluated all the same.
  const results = recorder ? await recordAcceptance(recorder, 'after', context) : await evaluateAcceptance(acceptance, 'after', context);
  context.signal.throwIfAborted();
  const unmet = unmetOf(acceptance, results ?? []);
  if (unmet.length === 0) return undefined;
  return `Not done yet: ${unmetReason(unmet)}. Go on until these checks hold, then answer again.`;
}
