// The re-planning conversation after a run's steps all ended but the goal's acceptance checks do not hold:
// the planning prefix (so the prompt cache hits, and it holds the patch form), then the goal, every step
// as one line, and each unmet check with what evaluating it found. The answer adds what is missing.
import { formatCheck } from '../plan/compact/checkGrammar';
import { plannerSystemMessage } from '../planner/plannerPrefix';
import type { ChatMessage } from '../ports';
import { projectRulesMessage, type ProjectRules } from '../rules/projectRules';
import type { AcceptanceReplanRequest } from '../run/modelRoles';
import { shorten } from '../text/shorten';
import { oneLine, REPLAN_LIMITS } from './replanPrompt';

/** The messages that ask for a patch that makes `request.unmet` hold; `rules` go right after the prefix. */
export function buildAcceptancePrompt(request: AcceptanceReplanRequest, rules?: ProjectRules): ChatMessage[] {
  const task = [
    'Task: every step of the plan ended, but the goal is not met: these acceptance checks do not hold. Patch the plan',
    'with steps (add lines) that make them hold; do not weaken or drop a check (see Re-plans).',
    '',
    `Goal: ${request.goal}`,
    `Steps: ${oneLine(request.steps)}`,
    '',
    'Not met:',
    ...request.unmet.map((entry) => `done ${formatCheck(entry.check)}\n  ${shorten(entry.detail, REPLAN_LIMITS.outputTailChars)}`),
  ].join('\n');
  const rulesMessage = projectRulesMessage(rules);
  return [plannerSystemMessage(), ...(rulesMessage ? [rulesMessage] : []), { role: 'user', content: task }];
}
