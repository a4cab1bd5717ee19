// The run's status bar words: how many steps wait for an answer (only while their questions are open), or
// the run's status in words (never an internal name like `needsReplan`), then how far the run is; and its
// tooltip, the status in the same words and why. A run paused at its cost cap says so, with the spend and the cap.
import type { Localize } from '../ports';
import type { PlanRowStatus } from './stepContextValue';
import { planStatusText } from './statusText';
import { runStatusWords } from './costCapText';
import type { CostCapPause } from '../run/journalRecords';

/** `2 steps wait for approval · step 3 of 5`, `needs a re-plan · step 3 of 5`, `re-planning…`, `undone`, or the progress alone while running. */
export function statusBarText(l10n: Localize, status: PlanRowStatus, waiting: number, executing: boolean, progress: string, pause?: CostCapPause, recovering?: 'repair' | 'replan'): string {
  // What an undone run did is undone: how far it went no longer counts.
  if (status === 'undone') return planStatusText(l10n, status);
  if (waiting > 0) return waiting === 1 ? l10n.t('1 step waits for approval · {0}', progress) : l10n.t('{0} steps wait for approval · {1}', waiting, progress);
  // A run replayed after a reload that stopped waiting asks again once it runs: no question is open now.
  if (status === 'awaitingApproval') return executing ? progress : l10n.t('waiting for approval (Resume Run asks again) · {0}', progress);
  // While a broken step is repaired or re-planned, no step is being worked on: say what is.
  if (executing && status === 'running' && recovering) return recovering === 'repair' ? l10n.t('repairing a step…') : l10n.t('re-planning…');
  return executing && status === 'running' ? progress : `${runStatusWords(l10n, status, pause)} · ${progress}`;
}

/** What the status bar says first while several runs execute in the window: `2 runs`; nothing for one. */
export function runsCountText(l10n: Localize, executing: number): string | undefined {
  return executing > 1 ? l10n.t('{0} runs', executing) : undefined;
}

/** The status bar's tooltip: `needs a re-plan: 4 Run the tests failed: exit code 1`, or `Run <id>: succeeded` without a reason. */
export function statusBarTooltip(l10n: Localize, status: PlanRowStatus, runId: string, reason: string | undefined): string {
  return reason ? `${planStatusText(l10n, status)}: ${reason}` : l10n.t('Run {0}: {1}', runId, planStatusText(l10n, status));
}
