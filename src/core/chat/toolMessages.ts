// What the Language Model Tools say to the user before they act (VS Code shows the confirmation before the
// tool runs), through the Localize port, and to the agent after, in English: exact, so a user approves a known
// effect and an agent reads back an honest account. Pure text over the plan; the VS Code adapter
// (src/vscode/chat/planwrightTools.ts) shows it.
import { formatProblem, type PlanProblem } from '../plan/planProblem';
import type { Plan } from '../plan/planSchema';
import type { Localize } from '../ports';
import { quote } from '../text/quote';

/** At most this many problems are listed back to an agent (the rest are counted). */
export const LISTED_PROBLEMS = 30;

/** A confirmation VS Code shows before a tool runs: a title and a Markdown message. */
export interface ToolConfirmation {
  readonly title: string;
  readonly message: string;
}

/** The first sentence of a run's confirmation: which plan, how many steps, and where when the folder is known. */
function runSentence(l10n: Localize, goal: string, count: number, folder: string | undefined, resumes: boolean): string {
  const one = count === 1;
  if (folder === undefined) {
    if (resumes) return one ? l10n.t('Resumes the run of the plan {0} (1 step).', goal) : l10n.t('Resumes the run of the plan {0} ({1} steps).', goal, count);
    return one ? l10n.t('Runs the plan {0} (1 step).', goal) : l10n.t('Runs the plan {0} ({1} steps).', goal, count);
  }
  if (resumes) return one ? l10n.t('Resumes the run of the plan {0} (1 step) in {1}.', goal, folder) : l10n.t('Resumes the run of the plan {0} ({1} steps) in {2}.', goal, count, folder);
  return one ? l10n.t('Runs the plan {0} (1 step) in {1}.', goal, folder) : l10n.t('Runs the plan {0} ({1} steps) in {2}.', goal, count, folder);
}

/** The confirmation of planwright_runPlan: which plan runs, where (the window's folder, when one is open), and that approvals still apply. */
export function runConfirmation(l10n: Localize, plan: Plan, folder: string | undefined, resumes: boolean): ToolConfirmation {
  return {
    title: resumes ? l10n.t('Resume the Planwright run?') : l10n.t('Run the Planwright plan?'),
    message: `${runSentence(l10n, quote(plan.goal), plan.steps.length, folder, resumes)} ${l10n.t('Steps that change files or run commands still wait for your approval in the Planwright view, as your settings say.')}`,
  };
}

/** The confirmation of planwright_proposePlan when it would replace an open plan; none when nothing is open. */
export function proposeConfirmation(l10n: Localize, open: Plan | undefined, openHasRun: boolean, proposed: { readonly goal: string; readonly steps: number }): ToolConfirmation | undefined {
  if (!open) return undefined;
  const [goal, next, count] = [quote(open.goal), quote(proposed.goal), proposed.steps];
  const message = openHasRun
    ? count === 1
      ? l10n.t('Replaces the plan {0} and forgets its run with the proposed plan {1} (1 step) in the Planwright view. Nothing runs.', goal, next)
      : l10n.t('Replaces the plan {0} and forgets its run with the proposed plan {1} ({2} steps) in the Planwright view. Nothing runs.', goal, next, count)
    : count === 1
      ? l10n.t('Replaces the plan {0} with the proposed plan {1} (1 step) in the Planwright view. Nothing runs.', goal, next)
      : l10n.t('Replaces the plan {0} with the proposed plan {1} ({2} steps) in the Planwright view. Nothing runs.', goal, next, count);
  return { title: l10n.t('Replace the open Planwright plan?'), message };
}

/** Every problem of a plan that did not pass the gate, one per line, for the agent to fix: English, as an agent reads it. */
export function problemsText(problems: readonly PlanProblem[]): string {
  const lines = problems.slice(0, LISTED_PROBLEMS).map((problem) => `- ${formatProblem(problem)}`);
  if (problems.length > LISTED_PROBLEMS) lines.push(`- … and ${problems.length - LISTED_PROBLEMS} more`);
  return [`The plan is not valid (${problems.length} problem${problems.length === 1 ? '' : 's'}):`, ...lines].join('\n');
}
