// What the Language Model Tools say to the user before they act (VS Code shows the confirmation before the
// tool runs) and to the agent after: exact, so a user approves a known effect and an agent reads back an
// honest account. Pure text over the plan; the VS Code adapter (src/vscode/chat/planwrightTools.ts) shows it.
import { formatProblem, type PlanProblem } from '../plan/planProblem';
import type { Plan } from '../plan/planSchema';
import { quote } from '../text/quote';

/** At most this many problems are listed back to an agent (the rest are counted). */
export const LISTED_PROBLEMS = 30;

/** A confirmation VS Code shows before a tool runs: a title and a Markdown message. */
export interface ToolConfirmation {
  readonly title: string;
  readonly message: string;
}

/** `3 steps` / `1 step`. */
function steps(count: number): string {
  return `${count} step${count === 1 ? '' : 's'}`;
}

/** The confirmation of planwright_runPlan: which plan runs, where, and that approvals still apply. */
export function runConfirmation(plan: Plan, folder: string, resumes: boolean): ToolConfirmation {
  return {
    title: resumes ? 'Resume the Planwright run?' : 'Run the Planwright plan?',
    message: `${resumes ? 'Resumes the run of' : 'Runs'} the plan ${quote(plan.goal)} (${steps(plan.steps.length)}) in ${folder}. Steps that change files or run commands still wait for your approval in the Planwright view, as your settings say.`,
  };
}

/** The confirmation of planwright_proposePlan when it would replace an open plan; none when nothing is open. */
export function proposeConfirmation(open: Plan | undefined, openHasRun: boolean, proposed: { readonly goal: string; readonly steps: number }): ToolConfirmation | undefined {
  if (!open) return undefined;
  return {
    title: 'Replace the open Planwright plan?',
    message: `Replaces the plan ${quote(open.goal)}${openHasRun ? ' and forgets its run' : ''} with the proposed plan ${quote(proposed.goal)} (${steps(proposed.steps)}) in the Planwright view. Nothing runs.`,
  };
}

/** Every problem of a plan that did not pass the gate, one per line, for the agent to fix. */
export function problemsText(problems: readonly PlanProblem[]): string {
  const lines = problems.slice(0, LISTED_PROBLEMS).map((problem) => `- ${formatProblem(problem)}`);
  if (problems.length > LISTED_PROBLEMS) lines.push(`- … and ${problems.length - LISTED_PROBLEMS} more`);
  return [`The plan is not valid (${problems.length} problem${problems.length === 1 ? '' : 's'}):`, ...lines].join('\n');
}
