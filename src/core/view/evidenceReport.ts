// The evidence report of a run: what a reviewer needs to trust "done" — the goal, each acceptance check with
// its result and evidence (and whether it already held before the run, which proves nothing), each step's
// proof, the files changed with their line counts, the re-plans and why, and the tokens and cost. Built
// purely from the run's state; the CLI prints it, `--json` and MCP carry it, the editor renders it.
import { reportedRunStatus, type ReportedRunStatus } from '../run/undoneRun';
import { englishText } from '../text/englishText';
import { undoneText } from './statusText';
import type { Cost } from '../cost/runCost';
import { formatCheck } from '../plan/compact/checkGrammar';
import { failureWords } from '../plan/checkEvidence';
import type { Plan } from '../plan/planSchema';
import { executionOrder } from '../plan/stepNumbers';
import type { AcceptanceResult } from '../run/acceptanceResults';
import type { RunState } from '../run/runState';
import { changedFiles, type FileChange } from './changedFiles';

/** One acceptance check as the report shows it. */
export interface AcceptanceEvidence {
  /** The check in the plan language (`run "npm test"`). */
  readonly check: string;
  readonly result: 'held' | 'failed' | 'notEvaluated';
  /** What evaluating it found: exit code and output tail, where a text was or was not found. */
  readonly evidence: string;
  /** It already held before the first step, so it proves nothing about the run. */
  readonly alreadyTrue?: true;
}

/** One step's proof: its outcome and what its check found (or why it failed). */
export interface StepEvidence {
  readonly number: number;
  readonly id: string;
  readonly title: string;
  readonly status: string;
  readonly proof: string;
}

/** The evidence report of one run. */
export interface EvidenceReport {
  readonly goal: string;
  /** `undone` once an undo put the run's files back (reportedRunStatus). */
  readonly status: ReportedRunStatus;
  readonly reason?: string;
  readonly acceptance: readonly AcceptanceEvidence[];
  readonly steps: readonly StepEvidence[];
  readonly files: readonly FileChange[];
  /** One line per re-plan: what failed (a step, or the goal's acceptance checks). */
  readonly replans: readonly string[];
  readonly tokens: { readonly prompt: number; readonly completion: number; readonly cached: number; readonly calls: number };
  /** With prices: what the run's model calls cost. */
  readonly cost?: Cost;
}

/** Builds the evidence report of `state`; `cost` when the host knows prices. */
export function evidenceReport(state: RunState, cost?: Cost): EvidenceReport {
  const usage = state.usage.map((entry) => entry.usage);
  return {
    goal: state.plan.goal,
    status: reportedRunStatus(state),
    ...(state.undone ? { reason: undoneText(englishText, state.plan, state.undone) } : state.statusReason ? { reason: state.statusReason } : {}),
    acceptance: acceptanceEvidence(state),
    steps: executionOrder(state.plan).map((step, index) => {
      const run = state.steps.get(step.id);
      const status = run?.status ?? 'pending';
      const proof = status === 'succeeded' ? (run?.checkDetail ?? 'no check: the tool changes nothing') : run?.failure ? failureWords(step, run.failure, run.checkDetail) : (run?.reason ?? '');
      return { number: index + 1, id: step.id, title: step.title, status: run?.undone ? 'undone' : status, proof };
    }),
    files: changedFiles(state.touches ?? []),
    replans: [...state.replanReasons],
    tokens: {
      prompt: usage.reduce((sum, entry) => sum + entry.promptTokens, 0),
      completion: usage.reduce((sum, entry) => sum + entry.completionTokens, 0),
      cached: usage.reduce((sum, entry) => sum + entry.cachedTokens, 0),
      calls: usage.length,
    },
    ...(cost ? { cost } : {}),
  };
}

/**
 * Each acceptance check of the run's plan with its result and evidence (the tree's "Done when" rows show the
 * same). An evaluation counts only for the revision it was made on: after a re-plan or an edit the checks
 * are not evaluated again until the new revision's last step ended (its checks may not be the ones evaluated
 * before). Without `acceptance`, no check has been evaluated yet.
 */
export function acceptanceEvidence(state: { readonly plan: Pick<Plan, 'acceptance'> } & Pick<RunState, 'revision' | 'acceptance'>): AcceptanceEvidence[] {
  const byIndex = (results: readonly AcceptanceResult[] | undefined) => new Map((results ?? []).map((result) => [result.index, result]));
  const before = byIndex(state.acceptance?.before?.results);
  const lastAfter = state.acceptance?.after;
  const current = lastAfter?.revision === state.revision;
  const after = byIndex(lastAfter?.results);
  return (state.plan.acceptance ?? []).map((check, index) => {
    const result = after.get(index);
    const early = before.get(index);
    const evaluated = current && result !== undefined && result.skipped !== true;
    return {
      check: formatCheck(check),
      result: !evaluated ? 'notEvaluated' : result.ok ? 'held' : 'failed',
      evidence: evaluated ? result.detail : notEvaluatedText(lastAfter !== undefined && !current, state.revision),
      ...(early?.ok && !early.skipped ? { alreadyTrue: true as const } : {}),
    };
  });
}

/** Why a check has no result: the run has not reached its end, or not the end of the revision it is on now. */
function notEvaluatedText(evaluatedEarlier: boolean, revision: number): string {
  return !evaluatedEarlier ? 'not evaluated: the run has not reached its end' : `not evaluated: the run has not reached the end of revision ${revision}`;
}

/** The report as Markdown, for a pull request description (Copy as Markdown) and the CLI's summary. */
export function evidenceMarkdown(report: EvidenceReport): string {
  const lines = [`## Evidence: ${report.goal}`, '', `Outcome: **${report.status}**${report.reason ? ` — ${report.reason.split('\n')[0]}` : ''}`, ''];
  if (report.acceptance.length > 0) {
    lines.push('### Done when');
    for (const entry of report.acceptance) {
      const mark = entry.result === 'held' ? '[x]' : '[ ]';
      lines.push(`- ${mark} \`${entry.check}\` ${entry.result}${entry.alreadyTrue ? ' (already true before the run: proves nothing)' : ''} — ${entry.evidence}`);
    }
    lines.push('');
  }
  lines.push('### Steps', ...report.steps.map((step) => `${step.number}. ${step.title} — ${step.status}${step.proof ? `: ${step.proof}` : ''}`), '');
  if (report.files.length > 0) lines.push('### Files changed', ...report.files.map((file) => `- \`${file.path}\` ${file.lines ?? 'line counts not kept'}`), '');
  if (report.replans.length > 0) lines.push('### Re-plans', ...report.replans.map((reason, index) => `${index + 1}. ${reason}`), '');
  const cost = report.cost ? `, $${report.cost.usd.toFixed(4)}${report.cost.unpricedCalls > 0 ? ` (+${report.cost.unpricedCalls} unpriced call(s))` : ''}` : '';
  lines.push(`Tokens: ${report.tokens.prompt} prompt (${report.tokens.cached} cached), ${report.tokens.completion} completion in ${report.tokens.calls} call(s)${cost}`);
  return lines.join('\n');
}
