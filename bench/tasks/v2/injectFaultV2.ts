// Faults for v2 tasks, as v1 injects them (bench/tasks/injectFault.ts), on a step both arms issue
// alike — an exact edit, a deletion, the test run — so the split re-plan and the fused recovery turn
// mend the same mistake. The agent's copy of the step takes the faulty arguments too.
import type { Step } from '../../../src/core/plan/planSchema';
import type { TaskFault } from '../benchTask';
import { faultStep } from '../injectFault';
import type { Random } from '../random';
import type { V2Draft } from './crossFileChange';

/** The draft with one shared step made faulty, or unchanged when no shared step can take a fault. */
export function injectFaultV2(draft: V2Draft, random: Random): { followUp: readonly Step[]; agentSteps: readonly Step[]; fault?: TaskFault } {
  const agentById = new Map(draft.agentSteps.map((step) => [step.id, step]));
  const shared = draft.followUp.filter((step) => JSON.stringify(agentById.get(step.id)?.args) === JSON.stringify(step.args) && agentById.get(step.id)?.tool === step.tool);
  for (const step of random.sample(shared, shared.length)) {
    const faulted = faultStep(step, draft.files, random);
    if (!faulted) continue;
    return {
      followUp: draft.followUp.map((s) => (s.id === step.id ? faulted.faulty : s)),
      agentSteps: draft.agentSteps.map((s) => (s.id === step.id ? { ...s, args: faulted.faulty.args } : s)),
      fault: faulted.fault,
    };
  }
  return { followUp: draft.followUp, agentSteps: draft.agentSteps };
}
