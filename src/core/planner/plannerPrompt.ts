// The planning conversation: the shared prefix (role, tool signatures, plan language) first, then what
// changes from task to task — the project's rules files, when present, then the reply format, the goal and the
// workspace summary — after it.
import type { ChatMessage } from '../ports';
import { projectRulesMessage } from '../rules/projectRules';
import { plannerSystemMessage } from './plannerPrefix';
import type { PlanReplyFormat } from './readPlanReply';
import { renderWorkspaceSummary, type WorkspaceSummary } from './workspaceSummary';

/** The instruction for the JSON fallback: the same parts as a line, as fields. */
const JSON_FORMAT = [
  'Reply with JSON only: {"steps": [{"tool": …, "args": {…}, "after"?: ["E1"], "check"?: "<check>", "idempotent"?: true, "title": "…"}, …]}.',
  'The n-th object is step E<n>; each field means what the same part of a plan line means (also "pre", "status", "undo": {"tool", "args"}, "keyed").',
].join('\n');

/** The messages that ask the planner for a plan reaching `goal` in the summarised workspace. */
export function buildPlannerPrompt(goal: string, summary: WorkspaceSummary, format: PlanReplyFormat = 'compact'): ChatMessage[] {
  const task = [
    format === 'json' ? `Task: write a plan for the goal below.\n${JSON_FORMAT}` : 'Task: write a plan for the goal below, in the plan language, starting at E1.',
    '',
    `Goal: ${goal}`,
    '',
    'Workspace:',
    renderWorkspaceSummary(summary),
  ].join('\n');
  const rules = projectRulesMessage(summary.rules);
  return [plannerSystemMessage(), ...(rules ? [rules] : []), { role: 'user', content: task }];
}
