// The plan and run of this window as the chat surfaces see them (core's ChatRunView), read from the session.
import type { ChatRunView } from '../../core/chat/runDigest';
import type { PlanSession } from '../plan/planSession';

/** The session's plan, run and waiting approvals now. */
export function chatRunView(session: PlanSession): ChatRunView {
  return {
    plan: session.plan,
    state: session.runs.state,
    executing: session.runs.executing,
    waiting: session.approvals.all().map((request) => request.stepId),
  };
}
