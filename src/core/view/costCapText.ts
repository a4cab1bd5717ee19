// How a run paused at its cost cap is said: the goal row and the status bar say "paused at the cost cap ($0.41 of
// $0.50)" instead of a bare "paused", and the notification gives the spend, the cap and what the next call would
// cost. The figures come from the journal (the `runStatus` record's `costCap`), so a reloaded window says the same.
import { dollars } from '../cost/costCap';
import type { CostCapPause } from '../run/journalRecords';
import type { Localize } from '../ports';
import type { PlanRowStatus } from './stepContextValue';
import { planStatusText } from './statusText';

/** `paused at the cost cap ($0.41 of $0.50)`. */
export function costCapPausedText(l10n: Localize, pause: CostCapPause): string {
  return l10n.t('paused at the cost cap ({0} of {1})', dollars(pause.spent), dollars(pause.cap));
}

/** The run's status in words, naming the cost cap when that is why it is paused. */
export function runStatusWords(l10n: Localize, status: PlanRowStatus, pause: CostCapPause | undefined): string {
  return status === 'paused' && pause ? costCapPausedText(l10n, pause) : planStatusText(l10n, status);
}

/** The notification's sentence: the spend so far, the cap, and what the refused call would have cost. */
export function costCapNoticeText(l10n: Localize, pause: CostCapPause): string {
  return l10n.t('Planwright paused the run at its cost cap: {0} spent of {1}, and the next model call (about {2}) would pass it, so it was not made.', dollars(pause.spent), dollars(pause.cap), dollars(pause.estimate));
}
