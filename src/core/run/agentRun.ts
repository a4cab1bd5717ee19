// Which runs may be resumed as plan runs. A run the fused agent wrote journals a plan of the actions taken
// so far, so it looks like a plan run; but its next move is the agent's, and the conversation that
// decides it is not journalled. Resuming it as a plan would run those actions as plan steps again
// (an unknown one repeated, an effect done twice) instead of asking the agent. Once the agent handed the
// run to the planner (an `auto` escalation), the run is a plan run and resumes like one; until then it resumes
// with the agent (fused/resumeRun.ts).
import { AgentRunNotResumableError } from '../errors';
import type { RunState } from './runState';

/** What decides whether a run is a fused agent's: its id, the design that wrote it, and whether it escalated. */
export type RunDesign = Pick<RunState, 'runId' | 'agent' | 'escalated'>;

/** True when the fused agent wrote the run and never handed it to the planner. */
export function isAgentRun(run: RunDesign): boolean {
  return run.agent === 'fused' && run.escalated !== true;
}

/** Why `run` cannot be resumed as a plan run, naming it and what to do instead; `undefined` when it may be. */
export function agentRunRefusal(run: RunDesign): string | undefined {
  if (!isAgentRun(run)) return undefined;
  return (
    `run ${run.runId} is a fused agent run, and a fused agent run cannot be resumed as a plan: the agent's conversation is not journalled, ` +
    'and carrying the run on as a plan could repeat an action the agent already took. ' +
    'Resume it with the agent (planwright resume), or start the task again (planwright run --goal "…", or Plan a Task… in the editor).'
  );
}

/** Throws `AgentRunNotResumableError` when `run` is a fused agent run; `PlanRun.resume` calls it first. */
export function assertResumable(run: RunDesign): void {
  const refusal = agentRunRefusal(run);
  if (refusal !== undefined) throw new AgentRunNotResumableError(run.runId, refusal);
}
