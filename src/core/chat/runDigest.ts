// What the chat surfaces say about the plan and its run, as pure text: the status answer of `@planwright
// /status`, the failure explanation of `/why` (from the step's evidence: error, check detail, output tail) —
// both through the Localize port, since a person reads them — and, in English, the compact digest a chat model
// or an agent (`planwright_runStatus`) reads and the run report trimmed to fit an agent's context. Every part
// is bounded, so a long run or a long log costs the same.
import { failureWords } from '../plan/checkEvidence';
import type { Plan } from '../plan/planSchema';
import type { StepStatus } from '../plan/stepStatus';
import { BROKEN_STATUSES } from '../run/stepTransitions';
import type { Localize } from '../ports';
import type { RunState, StepRun } from '../run/runState';
import { englishText } from '../text/englishText';
import { shorten, tail } from '../text/shorten';
import { planStatusText, stepStatusText } from '../view/statusText';
import type { PlanRowStatus } from '../view/stepContextValue';
import { stepCountText } from './stepCounts';

/** The bounds of the chat texts. */
export const DIGEST_LIMITS = { steps: 40, errorChars: 300, checkChars: 400, outputTailChars: 1_500, summaryChars: 2_000, reasons: 5 } as const;

/** The plan as the chat sees it: the plan, its run if it has run, and whether it executes now. */
export interface ChatRunView {
  readonly plan: Plan | undefined;
  readonly state: RunState | undefined;
  readonly executing: boolean;
  /** Steps waiting for the user's approval. */
  readonly waiting: readonly string[];
}

const BROKEN = BROKEN_STATUSES;

/** The status of a step: its run's, or pending before the plan has run. */
function statusOf(view: ChatRunView, stepId: string): StepStatus {
  return view.state?.steps.get(stepId)?.status ?? 'pending';
}

/** The run's status as the goal row has it: idle before it has run, waiting for approval while a step waits. */
export function chatRunStatus(view: ChatRunView & { readonly plan: Plan }): PlanRowStatus {
  if (view.executing) return view.waiting.length > 0 ? 'awaitingApproval' : 'running';
  return view.state ? view.state.status : 'idle';
}

/** One line per step, `- E2 editFile — failed: the find text is not in src/cli.js`, at most `DIGEST_LIMITS.steps`. */
function stepLines(l10n: Localize, view: ChatRunView, steps: Plan['steps']): string[] {
  const lines = steps.slice(0, DIGEST_LIMITS.steps).map((step) => {
    const run = view.state?.steps.get(step.id);
    const status = stepStatusText(l10n, view.waiting.includes(step.id) ? 'awaitingApproval' : statusOf(view, step.id));
    const detail = run && BROKEN.has(run.status) ? (run.failure ? failureWords(step, run.failure, run.checkDetail) : (run.reason ?? run.checkDetail)) : undefined;
    const line = detail ? l10n.t('{0} {1} — {2}: {3}', step.id, step.title ?? step.tool, status, shorten(detail, DIGEST_LIMITS.errorChars)) : l10n.t('{0} {1} — {2}', step.id, step.title ?? step.tool, status);
    return `- ${line}`;
  });
  const more = steps.length - DIGEST_LIMITS.steps;
  if (more > 0) lines.push(`- ${more === 1 ? l10n.t('… and 1 more step') : l10n.t('… and {0} more steps', more)}`);
  return lines;
}

/** Counts of steps by status: `2 steps succeeded, 1 step failed`. */
function counts(l10n: Localize, view: ChatRunView, steps: Plan['steps']): string {
  const tally = new Map<StepStatus, number>();
  for (const step of steps) tally.set(statusOf(view, step.id), (tally.get(statusOf(view, step.id)) ?? 0) + 1);
  return [...tally].map(([status, count]) => stepCountText(l10n, status, count)).join(', ');
}

/** The answer to "what is the state of the plan?" in Markdown: the run's status in the statuses' own words. */
export function statusText(l10n: Localize, view: ChatRunView): string {
  const plan = view.plan;
  if (!plan) return l10n.t('No plan is open. Plan a task with `/plan <goal>`, or open a plan file in the Planwright view.');
  const status = planStatusText(l10n, chatRunStatus({ ...view, plan }));
  const tally = counts(l10n, view, plan.steps);
  const reason = view.state?.statusReason ? shorten(view.state.statusReason.split('\n')[0]!, DIGEST_LIMITS.errorChars) : undefined;
  const headline = !view.state
    ? l10n.t('**{0}**: {1}. {2}.', plan.goal, status, tally)
    : reason
      ? l10n.t('**{0}**: {1} ({2}), revision {3}. {4}.', plan.goal, status, reason, view.state.revision, tally)
      : l10n.t('**{0}**: {1}, revision {2}. {3}.', plan.goal, status, view.state.revision, tally);
  const lines = [headline, '', ...stepLines(l10n, view, plan.steps)];
  if (view.waiting.length === 1) lines.push('', l10n.t('Step {0} waits for your approval in the Planwright view.', view.waiting[0]!));
  if (view.waiting.length > 1) lines.push('', l10n.t('Steps {0} wait for your approval in the Planwright view.', view.waiting.join(', ')));
  return lines.join('\n');
}

/** The step `/why` explains: the one named, else the first failed or unknown step. */
export function stepToExplain(view: ChatRunView, named: string): string | undefined {
  const id = named.trim().split(/\s+/)[0]?.toUpperCase();
  if (id) return view.plan?.steps.some((step) => step.id === id) ? id : undefined;
  return view.plan?.steps.find((step) => BROKEN.has(statusOf(view, step.id)))?.id;
}

/** Why `stepId` is where it is, from its evidence: the error, the check's detail and the output's tail. */
export function whyText(l10n: Localize, view: ChatRunView, stepId: string | undefined): string {
  if (!view.plan) return l10n.t('No plan is open.');
  if (!stepId) return view.state ? l10n.t('No step failed in this run.') : l10n.t('The plan has not run yet, so no step has failed.');
  const step = view.plan.steps.find((candidate) => candidate.id === stepId);
  if (!step) return l10n.t('The plan has no step {0}: its steps are {1}.', stepId, view.plan.steps.map((candidate) => candidate.id).join(', '));
  const name = step.title ?? step.tool;
  const run: StepRun | undefined = view.state?.steps.get(stepId);
  if (!run) return l10n.t('{0} ({1}) has not run yet.', stepId, name);
  const status = stepStatusText(l10n, run.status);
  const lines = [run.attempts === 1 ? l10n.t('**{0}** {1}: {2} after 1 attempt.', stepId, name, status) : l10n.t('**{0}** {1}: {2} after {3} attempts.', stepId, name, status, run.attempts)];
  if (run.failure) lines.push('', l10n.t('Error ({0}, {1}): {2}', run.failure.kind, run.failure.reason, shorten(run.failure.message, DIGEST_LIMITS.errorChars)));
  if (run.checkDetail && !run.failure?.message.includes(run.checkDetail)) lines.push('', l10n.t('Check: {0}', shorten(run.checkDetail, DIGEST_LIMITS.checkChars)));
  if (run.reason && !run.failure) lines.push('', l10n.t('Reason: {0}', shorten(run.reason, DIGEST_LIMITS.errorChars)));
  const output = run.failure?.outputTail ?? run.output?.text;
  if (output?.trim()) lines.push('', l10n.t('Output (tail):'), '```', tail(output, DIGEST_LIMITS.outputTailChars), '```');
  if (run.failure?.reason === 'postcondition') lines.push('', l10n.t('The tool did run, so its changes are in the workspace; only the postcondition did not hold.'));
  if (run.status === 'unknown') lines.push('', l10n.t('Its effect could not be observed: check the workspace before retrying.'));
  return lines.join('\n');
}

/** A compact account of the plan and its run, in English: a chat model answers from it, an agent reads it back. */
export function runDigest(view: ChatRunView): string {
  if (!view.plan) return 'No plan is open.';
  // A model reads the digest, so its status and explanations are the English ones whatever the editor's language.
  const lines = [statusText(englishText, view)];
  const reasons = view.state?.replanReasons.slice(-DIGEST_LIMITS.reasons) ?? [];
  if (reasons.length > 0) lines.push('', 'Re-plans:', ...reasons.map((reason) => `- ${shorten(reason, DIGEST_LIMITS.errorChars)}`));
  for (const step of view.plan.steps) {
    if (BROKEN.has(statusOf(view, step.id))) lines.push('', whyText(englishText, view, step.id));
  }
  if (view.state?.summary) lines.push('', 'Summary:', shorten(view.state.summary, DIGEST_LIMITS.summaryChars));
  return lines.join('\n');
}

/** The parts of a run report that can run long: its steps' errors, the steps re-plans replaced, the summary, the reason. */
interface TrimmableReport {
  readonly steps?: readonly { readonly error?: string }[];
  readonly replaced?: readonly unknown[];
  readonly summary?: string;
  readonly reason?: string;
}

/** A run report (the `--json` shape every door gives) with its long texts cut, to hand back to an agent. */
export function trimReport<T extends TrimmableReport>(report: T): T {
  return {
    ...report,
    ...(report.steps ? { steps: report.steps.slice(0, DIGEST_LIMITS.steps).map((step) => (step.error ? { ...step, error: shorten(step.error, DIGEST_LIMITS.errorChars) } : step)) } : {}),
    ...(report.replaced ? { replaced: report.replaced.slice(0, DIGEST_LIMITS.steps) } : {}),
    ...(report.summary !== undefined ? { summary: shorten(report.summary, DIGEST_LIMITS.summaryChars) } : {}),
    ...(report.reason ? { reason: shorten(report.reason, DIGEST_LIMITS.errorChars) } : {}),
  };
}
