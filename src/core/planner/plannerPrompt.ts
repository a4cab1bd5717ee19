// The planning conversation: the shared prefix (role, tool catalogue, plan-format rules) first, then
// what changes from task to task — the goal and the workspace summary — last.
import type { ChatMessage } from '../ports';
import { plannerSystemMessage } from './plannerPrefix';
import { renderWorkspaceSummary, type WorkspaceSummary } from './workspaceSummary';

/** The messages that ask the planner for a plan reaching `goal` in the summarised workspace. */
export function buildPlannerPrompt(goal: string, summary: WorkspaceSummary): ChatMessage[] {
  const task = [
    'Task: write a plan for the goal below.',
    'Reply with one JSON object: {"version": 1, "goal": "<the goal>", "steps": [ ... ]}.',
    '',
    `Goal: ${goal}`,
    '',
    'Workspace:',
    renderWorkspaceSummary(summary),
  ].join('\n');
  return [plannerSystemMessage(), { role: 'user', content: task }];
}
