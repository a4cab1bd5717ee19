// An executor decision of the trace in words for people ("asks for your approval"), not its id in the journal
// (`askApproval`); an id without words here (one a later version adds) is shown as it is.
import type { Localize } from '../ports';

/** `decision` (a trace `decision` or `settle` event's) in words. */
export function decisionWords(l10n: Localize, decision: string): string {
  switch (decision) {
    case 'approve':
      return l10n.t('approved');
    case 'askApproval':
      return l10n.t('asks for your approval');
    case 'wait':
      return l10n.t('waits');
    case 'skip':
      return l10n.t('skipped');
    case 'succeed':
      return l10n.t('succeeded');
    case 'fail':
      return l10n.t('failed');
    case 'cancel':
      return l10n.t('cancelled');
    case 'interrupt':
      return l10n.t('interrupted');
    case 'retry':
      return l10n.t('tries again');
    case 'rerun':
      return l10n.t('runs again');
    case 'repair':
      return l10n.t('has the model fix the step');
    case 'replan':
      return l10n.t('re-plans');
    case 'invalidate':
      return l10n.t('no longer valid');
    case 'notUndoable':
      return l10n.t('cannot be undone');
    case 'rejectStep':
      return l10n.t('leaves out a step the planner wrote');
    case 'closePlan':
      return l10n.t('closes the plan');
    case 'checkPostcondition':
      return l10n.t('checks the postcondition');
    case 'keepCancelled':
      return l10n.t('stays cancelled');
    case 'unknown':
      return l10n.t('outcome unknown');
    case 'settle':
      return l10n.t('settled');
    default:
      return decision;
  }
}
