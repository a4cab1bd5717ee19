// The next action `@planwright` offers after each answer, chosen from the plan's state: plan a task when none
// is open, run it when it has not run, explain and carry on when a step broke, the status while it runs. The
// labels are the user's words, through the Localize port.
import type { Localize } from '../ports';
import { isRunFinished } from '../run/journalRecords';
import { chatRunStatus, type ChatRunView } from './runDigest';

/** The slash commands of the `@planwright` participant, as package.json declares them. */
export const CHAT_COMMANDS = ['plan', 'run', 'status', 'why', 'revise'] as const;
/** One slash command. */
export type ChatCommand = (typeof CHAT_COMMANDS)[number];

/** A follow-up the chat offers: a slash command with its prompt and label. */
export interface ChatNextAction {
  readonly command: ChatCommand;
  readonly prompt: string;
  readonly label: string;
}

/** The follow-ups for the plan's state now. */
export function nextActions(l10n: Localize, view: ChatRunView): ChatNextAction[] {
  const plan = view.plan;
  if (!plan) return [{ command: 'plan', prompt: '', label: l10n.t('Plan a task') }];
  const status = chatRunStatus({ ...view, plan });
  if (status === 'running' || status === 'awaitingApproval') return [{ command: 'status', prompt: '', label: l10n.t('How far is the run?') }];
  if (status === 'idle') return [{ command: 'run', prompt: '', label: l10n.t('Run the plan') }];
  const broken = plan.steps.some((step) => ['failed', 'unknown'].includes(view.state?.steps.get(step.id)?.status ?? ''));
  if (broken) return [{ command: 'why', prompt: '', label: l10n.t('Why did it fail?') }, { command: 'run', prompt: '', label: l10n.t('Re-plan and carry on') }];
  if (status === 'undone' || isRunFinished(status)) return [{ command: 'status', prompt: '', label: l10n.t('Show the run') }];
  return [{ command: 'run', prompt: '', label: l10n.t('Resume the run') }];
}
