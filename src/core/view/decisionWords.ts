// The executor's decisions as the trace timeline says them to people ("asks for approval", not `askApproval`).
// The trace file keeps the names; an unknown name (a newer trace) is shown as it is.
import type { Localize } from '../ports';

/** `decision` in words. */
export function decisionWords(l10n: Localize, decision: string): string {
  switch (decision) {
    case 'approve':
      return l10n.t('approved without asking');
    case 'askApproval':
      return l10n.t('asks for approval');
    case 'wait':
      return l10n.t('waits');
    case 'skip':
      return l10n.t('skipped');
    case 'rejectStep':
      return l10n.t('rejected');
    case 'invalidate':
      return l10n.t('invalidated');
    case 'notUndoable':
      return l10n.t('cannot be undone');
    case 'checkPostcondition':
      return l10n.t('checks its postcondition');
    case 'retry':
      return l10n.t('tried again');
    case 'rerun':
      return l10n.t('runs again');
    case 'repair':
      return l10n.t('goes to the worker for a repair');
    case 'replan':
      return l10n.t('goes to the re-planner');
    case 'closePlan':
      return l10n.t('plan closed');
    case 'design':
      return l10n.t('design chosen');
    default:
      return decision;
  }
}
