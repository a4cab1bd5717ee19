// The child plan writer a host builds from a chat model: the sub-goal planned by the model from a summary of
// the scoped workspace only, with the project's rules files when the host reads them.
import { planTask } from '../planner/planTask';
import { summarizeWorkspace } from '../planner/workspaceSummary';
import type { ChatModel } from '../ports';
import type { ChildPlanner } from './subplanRunner';

/** A child planner that has `model` plan each sub-goal from the scoped workspace it is given. */
export function modelChildPlanner(model: ChatModel, projectRules: boolean): ChildPlanner {
  return async (goal, workspace, signal) => planTask(goal, await summarizeWorkspace(workspace, { projectRules, goal }), model, signal);
}
