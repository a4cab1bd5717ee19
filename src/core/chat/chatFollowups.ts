// The next action `@planwright` offers after each answer, chosen from the plan's state: plan a task when none
// is open, run it when it has not run, explain and carry on when a step broke, the status while it runs.
import { isRunFinished } from '../run/journalRecords';
import { runStatusWord, type ChatRunView } from './runDigest';

/** The slash commands of the `@planwright` participant, as package.json declares them. */
export const CHAT_COMMANDS = ['plan', 'run', 'status', 'why'] as const;
/** One slash command. */
export type ChatCommand = (typeof CHAT_COMMANDS)[number];

/** A follow-up the chat offers: a slash command with its prompt and label. */
export interface ChatNextAction {
  readonly command: ChatCommand;
  readonly prompt: string;
  readonly label: string;
}

/** The follow-ups for the plan's state now. */
export function nextActions(view: ChatRunView): ChatNextAction[] {
  if (!view.plan) return [{ command: 'plan', prompt: '', label: 'Plan a task' }];
  const status = runStatusWord(view);
  if (status === 'running' || status === 'waiting for approval') return [{ command: 'status', prompt: '', label: 'How far is the run?' }];
  if (status === 'not run yet') return [{ command: 'run', prompt: '', label: 'Run the plan' }];
  const broken = view.plan.steps.some((step) => ['failed', 'unknown'].includes(view.state?.steps.get(step.id)?.status ?? ''));
  if (broken) return [{ command: 'why', prompt: '', label: 'Why did it fail?' }, { command: 'run', prompt: '', label: 'Re-plan and carry on' }];
  if (view.state && isRunFinished(view.state.status)) return [{ command: 'status', prompt: '', label: 'Show the run' }];
  return [{ command: 'run', prompt: '', label: 'Resume the run' }];
}
