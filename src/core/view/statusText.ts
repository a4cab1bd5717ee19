// Statuses in the user's words: a run's as the goal row, the status bar and the end of a run say it ("needs a
// re-plan", never the internal `needsReplan`), and a step's as its row and tooltip say it.
import type { StepStatus } from '../plan/stepStatus';
import type { Localize } from '../ports';
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
  }
}

/** How a step's status reads in a sentence. */
export function stepStatusText(l10n: Localize, status: StepStatus): string {
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
