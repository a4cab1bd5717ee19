// The conversation that revises a plan from a user's comment: the planning prefix (so the prompt cache hits;
// it holds the patch form), then the goal, every step as its line (done steps marked: they cannot change),
// the step the comment is about (or the whole plan) and the comment, and what the patch may touch.
import type { Step, ValidPlan } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import { isPatchable } from '../plan/planPatch';
import { plannerSystemMessage } from '../planner/plannerPrefix';
import type { ChatMessage } from '../ports';
import { projectRulesMessage, type ProjectRules } from '../rules/projectRules';
import { encodeStepLine } from './stepLine';

/** A comment on a plan (or on one of its pending steps) to revise it by. */
export interface RevisionRequest {
  readonly plan: ValidPlan;
  /** Where the plan's steps are when it is a waiting run's; a step not listed has not started. */
  readonly statuses: ReadonlyMap<string, StepStatus>;
  /** The step the comment is about; absent: the whole plan. */
  readonly stepId?: string;
  /** What the user wants, in a sentence. */
  readonly comment: string;
}

/** `E2 writeFile {…}`, with `(done)` when a run already ran it, so the patch leaves it alone. */
function planLine(step: Step, status: StepStatus): string {
  return `${step.id} ${encodeStepLine(step)}${isPatchable(status) ? '' : ` (${status}: frozen)`}`;
}

/** The messages that ask for the patch `request.comment` calls for; `rules` go right after the prefix. */
export function buildRevisePrompt(request: RevisionRequest, rules?: ProjectRules): ChatMessage[] {
  const { plan, stepId } = request;
  const scope = stepId
    ? `Change only ${stepId}: replace it, drop it, or add steps in its place (add lines). Every other step stays as it is.`
    : 'Change any step that has not run; frozen steps stay as they are.';
  const task = [
    'Task: the user commented on a plan. Patch it as the comment asks and change nothing else (see Re-plans).',
    '',
    `Goal: ${plan.goal}`,
    'Plan:',
    ...plan.steps.map((step) => planLine(step, request.statuses.get(step.id) ?? 'pending')),
    '',
    `Comment on ${stepId ?? 'the whole plan'}: ${request.comment}`,
    scope,
  ].join('\n');
  const rulesMessage = projectRulesMessage(rules);
  return [plannerSystemMessage(), ...(rulesMessage ? [rulesMessage] : []), { role: 'user', content: task }];
}
