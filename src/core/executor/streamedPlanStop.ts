// Why a run whose plan arrived as a stream must stop: the streamed plan has problems, or it was still being
// written when the run stopped. Apart from the streamed run itself, so that PlanRun can ask without importing it.
import type { RunState } from '../run/runState';

/** Why a run with a streamed plan must stop, or `undefined` when its plan is complete and sound. */
export function streamedPlanStop(state: RunState, intakeAttached: boolean): string | undefined {
  const problems = state.planProblems ?? [];
  if (problems.length > 0) {
    return `the plan cannot run to its end, so nothing more was started:\n${problems.map((line) => `- ${line}`).join('\n')}\nplan the goal again, or edit the plan and resume with it`;
  }
  if (state.planOpen && !intakeAttached) {
    return `the plan was still being written when the run stopped (${state.plan.steps.length} step(s) had arrived); plan the goal again, or complete the plan by hand and resume with it`;
  }
  return undefined;
}
