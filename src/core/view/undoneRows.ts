// How an undone run reads: after Undo Run (or Undo Back to Before This Step) the goal row, the status bar and
// the steps whose files were put back say "undone", not the "succeeded" they ran to; and the run summary says
// what the undo did. Which steps are undone is undoMarks.ts's decision; this module only words it.
import type { Plan } from '../plan/planSchema';
import { stepReference } from '../plan/stepNumbers';
import type { Localize } from '../ports';
import { standingUndo, type UndoView } from '../run/undoMarks';
import { escapeMarkdown } from './markdownText';
import type { PlanRowStatus } from './stepContextValue';
import { planStatusText } from './statusText';

/** The icon and color of an undone step row and goal row. */
export const UNDONE_ICON = 'discard';
export const UNDONE_COLOR = 'disabledForeground';

/** How an undone step's status reads on its row. */
export function undoneStepText(l10n: Localize): string {
  return l10n.t('undone');
}

/**
 * The run's undo in words, for the goal row and the status bar: `undone`, `undone from 3 Add the flag`,
 * `undone; 1 file kept (changed since)`. Undefined when the run does not stand undone.
 */
export function runUndoneText(l10n: Localize, run: UndoView, plan: Plan): string | undefined {
  const standing = standingUndo(run);
  if (!standing) return undefined;
  const { fromStepId, refused } = standing.mark;
  const from = fromStepId === undefined || standing.mark.from === 0 ? l10n.t('undone') : l10n.t('undone from {0}', stepReference(plan, fromStepId));
  if (refused.length === 0) return from;
  return refused.length === 1 ? l10n.t('{0}; 1 file kept (changed since)', from) : l10n.t('{0}; {1} files kept (changed since)', from, refused.length);
}

/** The goal row's and the status bar's words for the run: how it is undone when it is, else its status. */
export function runStatusWords(l10n: Localize, status: PlanRowStatus, run: UndoView | undefined, plan: Plan): string {
  return (status === 'undone' && run && runUndoneText(l10n, run, plan)) || planStatusText(l10n, status);
}

/** Where the section an undo adds to the run summary starts: an earlier undo's section is replaced, not repeated. */
const UNDONE_SECTION = '\n\n<!-- planwright:undone -->\n';

/** `summary` ending with what the run's undo did (what was put back, what was kept), in place of an earlier undo's. */
export function summaryWithUndo(l10n: Localize, summary: string, run: UndoView, plan: Plan): string {
  const before = summary.split(UNDONE_SECTION)[0]!;
  const standing = standingUndo(run);
  const text = runUndoneText(l10n, run, plan);
  if (!standing || !text) return before;
  const lines = [`## ${l10n.t('Undone')}`, '', escapeMarkdown(l10n.t('The run is {0}: the files it changed were put back as they were before it.', text))];
  if (standing.mark.refused.length > 0) lines.push('', escapeMarkdown(l10n.t('Kept, because they changed since the run left them: {0}', standing.mark.refused.join(', '))));
  lines.push('', l10n.t('Run Again starts the plan afresh.'));
  return `${before}${UNDONE_SECTION}${lines.join('\n')}\n`;
}
