// How much of its re-plan budget (`maxReplans`) a run has spent. Every revision a recovery made counts (a
// re-plan, a repair); a fused run's `auto` escalation to a plan is a revision too, but it is how the goal came
// to be planned at all, not a recovery, so it spends nothing and is reported as an escalation.
import type { RunState } from './runState';

/** The re-plans `state` has spent: its revisions' reasons, less the escalation that handed a fused run over. */
export function replansSpent(state: Pick<RunState, 'replanReasons' | 'escalated'>): number {
  return state.replanReasons.length - (state.escalated ? 1 : 0);
}
