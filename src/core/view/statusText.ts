// Statuses in the user's words: a run's as the goal row, the status bar and the end of a run say it ("needs a
// re-plan", never the internal `needsReplan`), and a step's as its row and tooltip say it.
import type { StepStatus } from '../plan/stepStatus';
import type { Localize } from '../ports';
import type { Plan } from '../plan/planSchema';
import { stepReference } from '../plan/stepNumbers';
import type { UndoneMark } from '../run/undoneRun';
import type { PlanRowStatus } from './stepContextValue';

/** The goal row's and the status bar's words for a run status. */
export function planStatusText(l10n: Localize, status: PlanRowStatus): string {
  switch (status) {
    case 'idle':
      return l10n.t('not run yet');
    case 'running':
      return l10n.t('running');
    case 'awaitingApproval':
      return l10n.t('waiting for approval');
    case 'needsReplan':
      return l10n.t('needs a re-plan');
    case 'paused':
      return l10n.t('paused');
    case 'succeeded':
      return l10n.t('succeeded');
    case 'failed':
      return l10n.t('failed');
    case 'cancelled':
      return l10n.t('cancelled');
    case 'undone':
      return l10n.t('undone');
  }
}

/** How a step's status reads in a sentence; a step whose files an undo put back reads `undone`. */
export function stepStatusText(l10n: Localize, status: StepStatus, undone = false): string {
  if (undone) return l10n.t('undone');
  switch (status) {
    case 'pending':
      return l10n.t('pending');
    case 'awaitingApproval':
      return l10n.t('waiting for your approval');
    case 'approved':
      return l10n.t('approved, about to run');
    case 'running':
      return l10n.t('running');
    case 'succeeded':
      return l10n.t('succeeded');
    case 'failed':
      return l10n.t('failed');
    case 'unknown':
      return l10n.t('outcome unknown');
    case 'skipped':
      return l10n.t('skipped');
    case 'invalidated':
      return l10n.t('invalidated');
    case 'cancelled':
      return l10n.t('cancelled');
  }
}

/** What an undo did to the run, as the goal row's tooltip says it: "Undone back to before 3 Add the flag; refused: a.js (changed since)". */
export function undoneText(l10n: Localize, plan: Plan, mark: UndoneMark): string {
  const what = mark.fromStepId ? l10n.t('Undone back to before {0}.', stepReference(plan, mark.fromStepId)) : l10n.t('Undone: the files the run changed are back as they were.');
  return mark.refused.length > 0 ? l10n.t('{0} Not put back (changed since): {1}.', what, mark.refused.join(', ')) : what;
}
