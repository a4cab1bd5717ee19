// The short note a step row carries while the step waits for the user because it widens the scope the user
// approved (the executor's scopeGrowth.ts holds it; its reason in full is the row's tooltip, "Why: …").
import type { Step } from '../plan/planSchema';
import { isEmptyScope, stepBeyondScope } from '../plan/planScope';
import type { StepStatus } from '../plan/stepStatus';
import type { Localize } from '../ports';
import type { RunState } from '../run/runState';

/** `widens the approved scope` for a waiting step that changes a file or runs a command no approved plan did, unless growth is allowed. */
export function scopeGrowthNote(l10n: Localize, step: Pick<Step, 'tool' | 'args'>, status: StepStatus, run: Partial<Pick<RunState, 'approvedScope' | 'options'>> | undefined): string | undefined {
  if (status !== 'awaitingApproval' || !run || run.options?.approval.allowScopeGrowth) return undefined;
  return isEmptyScope(stepBeyondScope(step, run.approvedScope)) ? undefined : l10n.t('widens the approved scope');
}
