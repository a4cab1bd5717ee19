// What the chat surfaces say about the plan and its run, as pure text: the status answer of `@planwright
// /status` and `planwright_runStatus`, the failure explanation of `/why` (from the step's evidence: error,
// check detail, output tail), the compact digest a chat model answers a question from, and the run report
// trimmed to fit an agent's context. Every part is bounded, so a long run or a long log costs the same.
import type { RunReport } from '../executor/runSummary';
import type { RunState, StepRun } from '../run/runState';
import type { Plan } from '../plan/planSchema';
import { shorten, tail } from '../text/shorten';

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

const BROKEN = new Set(['failed', 'unknown']);

/** The status of a step: its run's, or pending before the plan has run. */
function statusOf(view: ChatRunView, stepId: string): string {
  return view.state?.steps.get(stepId)?.status ?? 'pending';
}

/** The run's state in a word or two: not run, running, waiting for approval, or its status. */
export function runStatusWord(view: ChatRunView): string {
  if (!view.plan) return 'no plan';
  if (view.executing) return view.waiting.length > 0 ? 'waiting for approval' : 'running';
  return view.state ? view.state.status : 'not run yet';
}

/** One line per step, `E2 editFile — failed: the find text is not in src/cli.js`, at most `DIGEST_LIMITS.steps`. */
function stepLines(view: ChatRunView, withErrors: boolean): string[] {
  const steps = view.plan?.steps ?? [];
  const lines = steps.slice(0, DIGEST_LIMITS.steps).map((step) => {
    const run = view.state?.steps.get(step.id);
    const status = view.waiting.includes(step.id) ? 'waiting for approval' : statusOf(view, step.id);
    const error = withErrors && run && BROKEN.has(run.status) ? `: ${shorten(run.failure?.message ?? run.reason ?? run.checkDetail ?? 'no detail', DIGEST_LIMITS.errorChars)}` : '';
    return `- ${step.id} ${step.title ?? step.tool} — ${status}${error}`;
  });
  if (steps.length > DIGEST_LIMITS.steps) lines.push(`- … ${steps.length - DIGEST_LIMITS.steps} more steps`);
  return lines;
}

/** Counts of steps by status: `3 succeeded, 1 failed, 2 pending`. */
function counts(view: ChatRunView): string {
  const tally = new Map<string, number>();
  for (const step of view.plan?.steps ?? []) tally.set(statusOf(view, step.id), (tally.get(statusOf(view, step.id)) ?? 0) + 1);
  return [...tally].map(([status, count]) => `${count} ${status}`).join(', ') || 'no steps';
}

/** The answer to "what is the state of the plan?" in Markdown. */
export function statusText(view: ChatRunView): string {
  if (!view.plan) return 'No plan is open. Plan a task with `/plan <goal>`, or open a plan file in the Planwright view.';
  const reason = view.state?.statusReason ? ` (${shorten(view.state.statusReason.split('\n')[0]!, DIGEST_LIMITS.errorChars)})` : '';
  const revision = view.state ? `, revision ${view.state.revision}` : '';
  const lines = [`**${view.plan.goal}**: ${runStatusWord(view)}${reason}${revision}. Steps: ${counts(view)}.`, '', ...stepLines(view, true)];
  if (view.waiting.length > 0) lines.push('', `Waiting for your approval in the Planwright view: ${view.waiting.join(', ')}.`);
  return lines.join('\n');
}

/** The step `/why` explains: the one named, else the first failed or unknown step. */
export function stepToExplain(view: ChatRunView, named: string): string | undefined {
  const id = named.trim().split(/\s+/)[0]?.toUpperCase();
  if (id) return view.plan?.steps.some((step) => step.id === id) ? id : undefined;
  return view.plan?.steps.find((step) => BROKEN.has(statusOf(view, step.id)))?.id;
}

/** Why `stepId` is where it is, from its evidence: the error, the check's detail and the output's tail. */
export function whyText(view: ChatRunView, stepId: string | undefined): string {
  if (!view.plan) return 'No plan is open.';
  if (!stepId) return view.state ? 'No step failed in this run.' : 'The plan has not run yet, so no step has failed.';
  const step = view.plan.steps.find((candidate) => candidate.id === stepId);
  if (!step) return `The plan has no step ${stepId}: its steps are ${view.plan.steps.map((candidate) => candidate.id).join(', ')}.`;
  const run: StepRun | undefined = view.state?.steps.get(stepId);
  if (!run) return `${stepId} (${step.title ?? step.tool}) has not run yet.`;
  const lines = [`**${stepId}** ${step.title ?? step.tool}: ${run.status} after ${run.attempts} attempt${run.attempts === 1 ? '' : 's'}.`];
  if (run.failure) lines.push('', `Error (${run.failure.kind}, ${run.failure.reason}): ${shorten(run.failure.message, DIGEST_LIMITS.errorChars)}`);
  if (run.checkDetail && !run.failure?.message.includes(run.checkDetail)) lines.push('', `Check: ${shorten(run.checkDetail, DIGEST_LIMITS.checkChars)}`);
  if (run.reason && !run.failure) lines.push('', `Reason: ${shorten(run.reason, DIGEST_LIMITS.errorChars)}`);
  const output = run.failure?.outputTail ?? run.output?.text;
  if (output?.trim()) lines.push('', 'Output (tail):', '```', tail(output, DIGEST_LIMITS.outputTailChars), '```');
  if (run.failure?.reason === 'postcondition') lines.push('', 'The tool did run, so its changes are in the workspace; only the postcondition did not hold.');
  if (run.status === 'unknown') lines.push('', 'Its effect could not be observed: check the workspace before retrying.');
  return lines.join('\n');
}

/** A compact account of the plan and its run for a chat model answering a question about it. */
export function runDigest(view: ChatRunView): string {
  if (!view.plan) return 'No plan is open.';
  const lines = [statusText(view)];
  const reasons = view.state?.replanReasons.slice(-DIGEST_LIMITS.reasons) ?? [];
  if (reasons.length > 0) lines.push('', 'Re-plans:', ...reasons.map((reason) => `- ${shorten(reason, DIGEST_LIMITS.errorChars)}`));
  for (const step of view.plan.steps) {
    if (BROKEN.has(statusOf(view, step.id))) lines.push('', whyText(view, step.id));
  }
  if (view.state?.summary) lines.push('', 'Summary:', shorten(view.state.summary, DIGEST_LIMITS.summaryChars));
  return lines.join('\n');
}

/** The run report (the `--json` shape) with its long texts cut, to hand back to an agent. */
export function trimReport(report: RunReport): RunReport {
  return {
    ...report,
    steps: report.steps.slice(0, DIGEST_LIMITS.steps).map((step) => (step.error ? { ...step, error: shorten(step.error, DIGEST_LIMITS.errorChars) } : step)),
    replaced: report.replaced.slice(0, DIGEST_LIMITS.steps),
    summary: shorten(report.summary, DIGEST_LIMITS.summaryChars),
    ...(report.reason ? { reason: shorten(report.reason, DIGEST_LIMITS.errorChars) } : {}),
  };
}
