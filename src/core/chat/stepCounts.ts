// How many steps are in a status, as `/status` counts them ("2 steps succeeded"): one message for one step and
// one for many in each status, so a translation can make the noun and the status word agree with the count.
import type { StepStatus } from '../plan/stepStatus';
import type { Localize } from '../ports';

/** `count` steps in `status`, as a phrase of the `/status` answer's count list. */
export function stepCountText(l10n: Localize, status: StepStatus, count: number): string {
  const one = count === 1;
  switch (status) {
    case 'pending':
      return one ? l10n.t('1 step pending') : l10n.t('{0} steps pending', count);
    case 'awaitingApproval':
      return one ? l10n.t('1 step waiting for your approval') : l10n.t('{0} steps waiting for your approval', count);
    case 'approved':
      return one ? l10n.t('1 step approved, about to run') : l10n.t('{0} steps approved, about to run', count);
    case 'running':
      return one ? l10n.t('1 step running') : l10n.t('{0} steps running', count);
    case 'succeeded':
      return one ? l10n.t('1 step succeeded') : l10n.t('{0} steps succeeded', count);
    case 'failed':
      return one ? l10n.t('1 step failed') : l10n.t('{0} steps failed', count);
    case 'unknown':
      return one ? l10n.t('1 step with an unknown outcome') : l10n.t('{0} steps with an unknown outcome', count);
    case 'skipped':
      return one ? l10n.t('1 step skipped') : l10n.t('{0} steps skipped', count);
    case 'invalidated':
      return one ? l10n.t('1 step invalidated') : l10n.t('{0} steps invalidated', count);
    case 'cancelled':
      return one ? l10n.t('1 step cancelled') : l10n.t('{0} steps cancelled', count);
  }
}
