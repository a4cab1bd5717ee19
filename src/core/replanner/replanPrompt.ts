// The re-planning conversation: the same prefix as planning (so the provider's prompt cache hits; it also
// holds the patch form of the reply), then only what a patch needs — the goal, one line per frozen or
// waiting step, the broken step with its evidence, and the dependents it invalidated as step lines.
import type { BrokenStepEvidence, ReplanRequest, StepLine } from '../run/modelRoles';
import type { ChatMessage } from '../ports';
import { PLAN_FORMAT_VERSION } from '../plan/planSchema';
import { workspacePathsOf } from '../plan/workspacePaths';
import { plannerSystemMessage } from '../planner/plannerPrefix';
import { projectRulesMessage, type ProjectRules } from '../rules/projectRules';
import { shorten, tail } from '../text/shorten';
import { encodeStepLine } from './stepLine';

/** Bounds of the re-plan request. */
export const REPLAN_LIMITS = {
  checkChars: 500,
  outputTailChars: 1_200,
} as const;

/** How one step is written on a line, for the repairer (the re-planner has the plan language in its prefix). */
export const STEP_LINE_FORM = [
  'A <step> is: <tool> {<args as JSON>} [after E1,E2] [check C] # <title>; C is one of: exists P | absent P | json P |',
  'contains P "text" | matches P /re/ | exit N | output "text" | run "command" | not C | all(C; C) | any(C; C).',
  'The check a tool implies (an edit: its replacements present; a command: exit 0; a write: the file exists;',
  'a .json file: it parses) is added for you: write a check only when it says more. The title says what the step',
  'does for the goal in a few words ("# Fix the greeting"), not its tool and path.',
].join('\n');

/** `E1 readFile src/a.ts` lines, joined by `; `. */
export function oneLine(steps: readonly StepLine[]): string {
  return steps.map((step) => `${step.id} ${step.tool}${step.summary ? ` ${step.summary}` : ''}${step.status === 'succeeded' ? '' : ` (${step.status})`}`).join('; ');
}

/** The broken step as the re-planner and the repairer see it: its line, the error, and the evidence. */
export function brokenLines(broken: BrokenStepEvidence): string[] {
  const lines = [`${broken.step.id} ${encodeStepLine(broken.step)}`];
  lines.push(`${broken.status} after ${broken.attempts} attempt(s)${broken.failure ? `: ${broken.failure.message}` : ''}`);
  if (broken.checkDetail && !broken.failure?.message.includes(broken.checkDetail)) lines.push(`check: ${shorten(broken.checkDetail, REPLAN_LIMITS.checkChars)}`);
  lines.push(...broken.evidence);
  if (broken.failure?.outputTail && broken.evidence.length === 0) lines.push(`output tail:\n${tail(broken.failure.outputTail, REPLAN_LIMITS.outputTailChars)}`);
  if (broken.failure?.reason === 'postcondition') lines.push('The tool did run, so its changes are in the workspace; only the postcondition did not hold.');
  if (broken.status === 'unknown') lines.push('Its effect could not be observed: check the state first, or make the next steps correct either way.');
  return lines;
}

/** The workspace paths the broken step and its invalidated dependents name: the files in play for scoped rules. */
export function replanFilesInPlay(request: ReplanRequest): string[] {
  const steps = [request.broken.step, ...request.invalidated];
  return [...new Set(workspacePathsOf({ version: PLAN_FORMAT_VERSION, goal: request.goal, steps }).map((entry) => entry.path))];
}

/** The messages that ask for a patch after `request.broken` failed or became unknown; `rules` go right after the prefix. */
export function buildReplanPrompt(request: ReplanRequest, rules?: ProjectRules): ChatMessage[] {
  const task = [
    'Task: a step of a running plan broke. Patch the plan so the goal is still reached (see Re-plans).',
    '',
    `Goal: ${request.goal}`,
    `Frozen: ${request.frozen.length > 0 ? oneLine(request.frozen) : '(none)'}`,
    ...(request.waiting.length > 0 ? [`Not started: ${oneLine(request.waiting)}`] : []),
    '',
    'Broken:',
    ...brokenLines(request.broken),
    ...(request.invalidated.length > 0 ? ['', `Invalidated (they depend on ${request.broken.step.id}; they run again as they are unless you replace or drop them):`] : []),
    ...request.invalidated.map((step) => `${step.id} ${encodeStepLine(step)}`),
  ].join('\n');
  const rulesMessage = projectRulesMessage(rules);
  return [plannerSystemMessage(), ...(rulesMessage ? [rulesMessage] : []), { role: 'user', content: task }];
}
