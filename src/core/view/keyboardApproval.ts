// Answering approvals from the keyboard: which waiting step "Approve Step" / "Reject Step" mean when no row
// was clicked (the focused row, the step whose preview is the active tab, or the only one waiting), which
// waiting step the focus goes to after an answer, and the words of the banner a step's preview opens with.
import type { ApprovalRequest, Localize } from '../ports';
import type { Plan } from '../plan/planSchema';
import { stepNumber } from '../plan/stepNumbers';
import { previewProblem } from './waitingSection';

/** What the user is looking at when they answer without naming a step. */
export interface AnswerHints {
  /** The step of the focused (or selected) row of the Planwright view, if it is a step's row. */
  readonly focused?: string;
  /** The step whose diff or command preview is the active tab. */
  readonly preview?: string;
}

/**
 * The waiting step a keyboard answer is about: the focused row's, else the active preview's, else the only
 * one waiting; `choose` when several wait and none is in view; undefined when none waits.
 */
export function answerTarget(waiting: readonly string[], hints: AnswerHints): string | 'choose' | undefined {
  for (const stepId of [hints.focused, hints.preview]) if (stepId !== undefined && waiting.includes(stepId)) return stepId;
  if (waiting.length === 0) return undefined;
  return waiting.length === 1 ? waiting[0] : 'choose';
}

/** Where the focus goes once `answered` is answered: the next waiting step after it in `order` (the tree's), else the first still waiting. */
export function nextWaiting(order: readonly string[], answered: string, stillWaiting: readonly string[]): string | undefined {
  const waiting = new Set(stillWaiting.filter((stepId) => stepId !== answered));
  const at = order.indexOf(answered);
  return order.slice(at + 1).find((stepId) => waiting.has(stepId)) ?? order.find((stepId) => waiting.has(stepId));
}

/** One action of the banner over a step's preview. */
export type BannerAction = 'approve' | 'reject' | 'edit' | 'replan';

/**
 * The banner a waiting step's preview opens with: `Step 3 waits for you:` then Approve · Reject · Edit; a step
 * known not to apply offers Edit and Re-plan instead of Approve. `keys` names the shortcuts shown with the
 * answers (e.g. `Ctrl+Alt+Y`).
 */
export function previewBanner(l10n: Localize, plan: Plan | undefined, request: ApprovalRequest, keys: { readonly approve: string; readonly reject: string }): { readonly heading: string; readonly actions: readonly { readonly action: BannerAction; readonly title: string }[] } {
  const number = plan ? stepNumber(plan, request.stepId) : undefined;
  const heading = number === undefined ? l10n.t('{0} waits for you:', request.title) : l10n.t('Step {0} waits for you:', number);
  const problem = previewProblem(request.preview);
  const actions: { action: BannerAction; title: string }[] = problem
    ? [
        { action: 'edit', title: l10n.t('Edit Step…') },
        { action: 'replan', title: l10n.t('Re-plan') },
        { action: 'reject', title: l10n.t('Reject ({0})', keys.reject) },
      ]
    : [
        { action: 'approve', title: l10n.t('Approve ({0})', keys.approve) },
        { action: 'reject', title: l10n.t('Reject ({0})', keys.reject) },
        { action: 'edit', title: l10n.t('Edit Step…') },
      ];
  return { heading, actions };
}
