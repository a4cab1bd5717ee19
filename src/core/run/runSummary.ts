// The run's final words, and the run report the CLI prints and the UI shows. A succeeded run's summary is
// Planwright's own account of what each step did, unless the plan ends in the answer a model wrote (then
// that answer) or the user asked for the solver model's summary — so no run waits for a model it did not
// ask for. Any run that did not succeed gets the deterministic account.
import { checkEvidence, failureWords } from '../plan/checkEvidence';
import { dependentsOf } from '../plan/planGraph';
import { executionOrder } from '../plan/stepNumbers';
import type { UsageRecord } from './journalRecords';
import type { RunMode } from './runMode';
import type { RunOptions } from './runOptions';
import type { PhaseUsage, RunState } from './runState';
import { replansSpent } from './replanBudget';

/**
 * Where a succeeded run's summary comes from: `solver` when the run's options ask for a model summary
 * (`summary: 'model'`); otherwise `answer` when the plan's last step is a `generate` step that succeeded
 * and that no step depends on (its output is the answer the plan was written to produce); otherwise
 * `plain`, the deterministic summary.
 */
export function summarySource(state: RunState, options: Pick<RunOptions, 'summary'>): 'solver' | 'answer' | 'plain' {
  if (options.summary === 'model') return 'solver';
  return plannedAnswer(state) === undefined ? 'plain' : 'answer';
}

/** The output of the plan's last step when it is a succeeded `generate` step nothing depends on. */
export function plannedAnswer(state: RunState): string | undefined {
  const last = state.plan.steps.at(-1);
  if (!last || last.tool !== 'generate' || dependentsOf(state.plan, last.id).size > 0) return undefined;
  const run = state.steps.get(last.id);
  const text = run?.status === 'succeeded' ? run.output?.text.trim() : undefined;
  return text || undefined;
}

/**
 * A summary built from the run alone: the goal and the outcome (each a paragraph, so it reads as Markdown too),
 * then one line per step in execution order, named as the tree numbers it ("- 2 Add the flag (editFile):
 * succeeded — src/cli.ts contains "--verbose": found on line 3"), with its outcome and its check in words.
 */
export function deterministicSummary(state: RunState): string {
  const lines = executionOrder(state.plan).map((step, index) => {
    const run = state.steps.get(step.id);
    const status = run?.status ?? 'pending';
    const checked = run?.checkDetail && step.postcondition ? (checkEvidence(step.postcondition, run.checkDetail) ?? run.checkDetail) : run?.checkDetail;
    // A failed check says what it found, in the same words as a check that held.
    const failed = run?.failure ? failureWords(step, run.failure, run.checkDetail) : undefined;
    const why = status === 'succeeded' ? (checked ?? '') : (failed ?? run?.reason ?? '');
    return `- ${index + 1} ${step.title} (${step.tool}): ${status}${why ? ` — ${why}` : ''}`;
  });
  const replans = replansSpent(state);
  const escalated = state.escalated ? ' (escalated to a plan)' : '';
  const revisions = replans > 0 ? ` after ${replans} re-plan(s), revision ${state.revision}${escalated}` : escalated;
  return [`Goal: ${state.plan.goal}`, '', `Outcome: ${state.status}${revisions}`, '', ...lines].join('\n');
}

/** Token totals for one phase (or the whole run). */
export interface UsageTotals {
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly cachedTokens: number;
  readonly estimated: boolean;
  readonly ms: number;
}

/** The report of a run: what `planwright run --json` prints. */
export interface RunReport {
  readonly runId: string;
  /** How the run came in: `plan` for a plan given as it is (a plan file, a sub-plan's child), else the goal's mode. */
  readonly mode: 'plan' | RunMode;
  readonly status: RunState['status'];
  readonly revision: number;
  readonly replans: number;
  readonly steps: readonly { readonly id: string; readonly tool: string; readonly status: string; readonly attempts: number; readonly revision: number; readonly error?: string }[];
  /** Steps re-plans replaced, with the tool, attempts and why each broke, so the evidence outlives the re-plan. */
  readonly replaced: readonly {
    readonly id: string;
    readonly tool: string;
    readonly status: string;
    readonly attempts: number;
    readonly replacedInRevision: number;
    readonly error?: string;
    readonly outputTail?: string;
  }[];
  readonly waitingForApproval: readonly string[];
  readonly usage: Readonly<Record<PhaseUsage['phase'] | 'total', UsageTotals>>;
  /** A succeeded run's summary (see `summarySource`); for any other run, the deterministic account. */
  readonly summary: string;
  readonly reason?: string;
  /** `fused` when the fused agent wrote the run (absent: a plan run). */
  readonly agent?: 'fused';
  /** The fused agent handed the run to the planner, and it went on as a plan run. */
  readonly escalated?: true;
}

function totals(usages: readonly UsageRecord[]): UsageTotals {
  return usages.reduce<UsageTotals>(
    (sum, usage) => ({
      calls: sum.calls + 1,
      promptTokens: sum.promptTokens + usage.promptTokens,
      completionTokens: sum.completionTokens + usage.completionTokens,
      cachedTokens: sum.cachedTokens + usage.cachedTokens,
      estimated: sum.estimated || usage.estimated,
      ms: sum.ms + usage.ms,
    }),
    { calls: 0, promptTokens: 0, completionTokens: 0, cachedTokens: 0, estimated: false, ms: 0 },
  );
}

/** Builds the report from the run's state. */
export function runReport(state: RunState): RunReport {
  const byPhase = (phase: PhaseUsage['phase']) => totals(state.usage.filter((entry) => entry.phase === phase).map((entry) => entry.usage));
  return {
    runId: state.runId,
    mode: state.mode ?? 'plan',
    status: state.status,
    revision: state.revision,
    replans: replansSpent(state),
    steps: state.plan.steps.map((step) => {
      const run = state.steps.get(step.id);
      return {
        id: step.id,
        tool: step.tool,
        status: run?.status ?? 'pending',
        attempts: run?.attempts ?? 0,
        revision: run?.revision ?? state.revision,
        ...(run?.failure ? { error: run.failure.message } : {}),
      };
    }),
    replaced: state.replaced.map((entry) => ({
      id: entry.step.id,
      tool: entry.step.tool,
      status: entry.status,
      attempts: entry.run?.attempts ?? 0,
      replacedInRevision: entry.replacedInRevision,
      ...(entry.run?.failure ? { error: entry.run.failure.message } : {}),
      ...(entry.run?.failure?.outputTail ? { outputTail: entry.run.failure.outputTail } : {}),
    })),
    // A step waiting on its sub-plan is named by the child steps asked about (`E1/E1`).
    waitingForApproval: state.plan.steps.filter((step) => state.steps.get(step.id)?.status === 'awaitingApproval').flatMap((step) => state.steps.get(step.id)?.waitingOn ?? [step.id]),
    usage: {
      plan: byPhase('plan'),
      execute: byPhase('execute'),
      replan: byPhase('replan'),
      solve: byPhase('solve'),
      total: totals(state.usage.map((entry) => entry.usage)),
    },
    summary: state.summary ?? deterministicSummary(state),
    ...(state.statusReason ? { reason: state.statusReason } : {}),
    ...(state.agent ? { agent: state.agent } : {}),
    ...(state.escalated ? { escalated: state.escalated } : {}),
  };
}
