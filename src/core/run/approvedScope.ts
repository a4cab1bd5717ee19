// The scope the user approved for a run, folded from its journal like the rest of its state, so a resumed run
// holds the same steps. It is the scope of the plan the run started with (a streamed plan's steps as the
// planner wrote them, and the plan a fused run escalated to), grown by every revision the user made or
// applied (`revised` with `approved`); a re-plan, a repair or a recovery of the goal never grows it. A fused
// run's own actions have no approved plan, so it has no approved scope.
import { scopeOfPlan, scopeOfSteps, unionScope, type PlanScope } from '../plan/planScope';
import type { JournalRecord } from './journalRecords';
import type { RunState } from './runState';

/** The part of a run's state that holds its approved scope. */
export interface ScopeState {
  /** The files and commands the user approved; absent for a fused run's own actions. */
  readonly approvedScope?: PlanScope;
}

/** `next` (the state after `record`) with its approved scope, from `before` (the state `record` followed). */
export function withApprovedScope(before: RunState | undefined, record: JournalRecord, next: RunState): RunState {
  const scope = approvedScopeAfter(before, record, next);
  if (scope === next.approvedScope) return next;
  const { approvedScope: _old, ...rest } = next;
  return scope ? { ...rest, approvedScope: scope } : rest;
}

function approvedScopeAfter(before: RunState | undefined, record: JournalRecord, next: RunState): PlanScope | undefined {
  const approved = before?.approvedScope;
  switch (record.type) {
    case 'runStarted':
      return record.agent === 'fused' ? undefined : scopeOfPlan(next.plan);
    case 'stepAdded': {
      // A step the planner streams into the run's first plan is part of what was approved; a fused action is not.
      const initialPlan = approved && before?.planOpen && !before.revisionOpen;
      return initialPlan ? unionScope(approved, scopeOfSteps(next.plan.steps.slice(-1))) : approved;
    }
    case 'revised':
      if (record.escalated) return scopeOfPlan(next.plan);
      return record.approved && approved ? unionScope(approved, scopeOfPlan(next.plan)) : approved;
    default:
      return approved;
  }
}
