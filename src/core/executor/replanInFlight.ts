// Dealing with a broken step while the rest of the run goes on: the steps that do not depend on it keep
// running, and meanwhile a repair (one small worker call, when the failure looks local) or a re-plan
// produces a patch. The patch is judged and applied against the run as it is when it arrives: steps
// that started or finished meanwhile are frozen. A re-plan's patch is applied line by line as it streams
// in (streamedRevision.ts), so its first steps may run before the re-planner has finished. One recovery at a time; a second broken step waits
// for the first one's revision.
import { failureWords } from '../plan/checkEvidence';
import { formatProblem } from '../plan/planProblem';
import type { PlanPatch } from '../plan/planPatch';
import { resolveStepArgs } from '../plan/resolveStepArgs';
import type { Workspace } from '../ports';
import { messageOf } from '../text/errorText';
import { CostCapReachedError } from '../errors';
import { gatherEvidence } from './failureEvidence';
import type { RunStatus } from '../run/journalRecords';
import { brokenStepEvidence, buildReplanRequest, patchProblems, usageOfFailure } from './replanning';
import type { PatchCheck, ReplanAnswer, Replanner, StepRepairer } from '../run/modelRoles';
import type { RunRecorder } from './runRecorder';
import { revisePatched } from './runRevisions';
import { stepOutputs } from '../run/stepOutputs';
import type { Step } from '../plan/planSchema';
import { stepReference, stepReferenceList } from '../plan/stepNumbers';
import { quote } from '../text/quote';
import type { PlanIntake } from './planRun';
import { replansSpent } from '../run/replanBudget';
import { stepsSharingMistake } from './sharedMistake';
import { StreamedRevision } from './streamedRevision';
import { WakeSignal } from './wakeSignal';

/** What a recovery works through. */
export interface ReplanIo {
  readonly recorder: RunRecorder;
  readonly workspace: Workspace;
  readonly replanner?: Replanner;
  readonly repairer?: StepRepairer;
  readonly maxReplans: number;
}

/** Why the run cannot recover on its own: the status it ends in once quiet, and the reason. */
export interface RecoveryStop {
  readonly status: Extract<RunStatus, 'needsReplan' | 'failed'>;
  readonly reason: string;
}

/** The recovery of a run's broken steps, one at a time, alongside the steps that keep running. */
export class ReplanInFlight {
  private running = false;
  private stop: RecoveryStop | undefined;
  /**
   * Steps whose repair was tried in this process. A repair that worked is journalled with its revision
   * (`RunState.repaired`), so a resumed run does not repair that step again either.
   */
  private readonly repaired = new Set<string>();

  /** The revision a re-plan is writing, while the re-planner's reply streams in. */
  private writer: StreamedRevision | undefined;
  private readonly wake = new WakeSignal();

  constructor(private readonly io: ReplanIo) {}

  /** Resolves at the next line a streaming re-plan applies, or when its revision closes. */
  changed(): Promise<void> {
    return this.wake.next();
  }

  /** The re-plan being written, while its reply streams in: the run wakes at each line it applies. */
  get writing(): PlanIntake | undefined {
    return this.writer;
  }

  /** Set once a recovery gave up; scheduling stops and the run ends with it once quiet. */
  get stopped(): RecoveryStop | undefined {
    return this.stop;
  }

  /** Forgets a recovery that gave up, so the next execution tries again. */
  reset(): void {
    this.stop = undefined;
  }

  /**
   * Starts recovering `broken` (the run's first broken step) when nothing is recovering yet and the run
   * may still re-plan; returns the recovery, which settles once its revision is in place (or it gave up).
   */
  poll(signal: AbortSignal, broken: Step | undefined): Promise<void> | undefined {
    if (this.running || this.stop || !this.io.replanner) return undefined;
    const state = this.io.recorder.current;
    if (!broken || replansSpent(state) >= this.io.maxReplans) return undefined;
    this.running = true;
    return this.recover(broken.id, this.io.replanner, signal).finally(() => {
      this.running = false;
    });
  }

  /** Why a quiet run with `brokenId` broken ends here: a recovery gave up, no re-planner, or the budget is spent. */
  stopFor(brokenId: string): RecoveryStop {
    if (this.stop) return this.stop;
    const what = this.describe(brokenId);
    if (!this.io.replanner) return { status: 'needsReplan', reason: `${what}; no re-planner is configured, so edit the plan by hand and resume` };
    const history = [...this.io.recorder.current.replanReasons, what].map((line, index) => `${index + 1}. ${line}`).join('\n');
    return { status: 'failed', reason: `gave up after ${this.io.maxReplans} re-plan(s); what failed each time:\n${history}` };
  }

  /** `4 Run the tests failed: exit code: expected 0, got 1`: the step, how it broke, and why in words (failureWords). */
  private describe(stepId: string): string {
    const { plan, steps } = this.io.recorder.current;
    const run = steps.get(stepId);
    const why = run?.failure ? failureWords(plan.steps.find((step) => step.id === stepId), run.failure, run.checkDetail) : (run?.reason ?? 'no detail');
    return `${stepReference(plan, stepId)} ${run?.status}: ${why}`;
  }

  private async recover(brokenId: string, replanner: Replanner, signal: AbortSignal): Promise<void> {
    const { recorder } = this.io;
    const what = this.describe(brokenId);
    /** Journals the recovery under way, so the run says whether it is repairing or re-planning. */
    const announce = (kind: 'repair' | 'replan') => recorder.append({ type: 'recovery', at: recorder.now(), stepId: brokenId, phase: 'started', reason: what, kind });
    const state = recorder.current;
    const step = state.plan.steps.find((candidate) => candidate.id === brokenId)!;
    const resolved = resolveStepArgs(step, stepOutputs(state));
    const evidence = await gatherEvidence(step, resolved.ok ? (resolved.args as Record<string, unknown>) : undefined, state.steps.get(brokenId)?.failure, this.io.workspace);
    const check: PatchCheck = (patch) => patchProblems(recorder.current, patch);

    const sharing = evidence.localFix ? stepsSharingMistake(state, brokenId, evidence.mistaken ?? []) : [];
    let why = !evidence.localFix
      ? 'the failure is not one a local fix addresses'
      : sharing.length > 0
        ? `${stepReferenceList(state.plan, sharing.map((other) => other.id))} ${sharing.length === 1 ? 'holds' : 'hold'} the same ${quote(evidence.mistaken!.join(', '), 80)}, so one re-plan fixes them together`
        : 'it was repaired once already';
    const repairedBefore = this.repaired.has(brokenId) || (state.repaired ?? []).includes(brokenId);
    if (evidence.localFix && sharing.length === 0 && this.io.repairer && !repairedBefore) {
      this.repaired.add(brokenId);
      await announce('repair');
      await recorder.trace({ type: 'decision', stepId: brokenId, decision: 'repair', reason: `${what}; looks like ${evidence.localFix}` });
      const broken = brokenStepEvidence(recorder.current, brokenId, evidence.lines);
      const repaired = await this.ask(() => this.io.repairer!.repair({ broken, localFix: evidence.localFix! }, signal, check));
      if (signal.aborted) return;
      // The cost cap refused the call: nothing was asked, so the repair is still to be tried when the run goes on.
      if (!repaired.ok && repaired.capped) return void this.repaired.delete(brokenId);
      const verdict = repaired.ok ? await revisePatched(recorder, repaired.patch, `repaired ${what}`, brokenId, true) : undefined;
      if (verdict?.ok) return;
      why = `the repair failed: ${verdict ? verdict.problems.map(formatProblem).join('; ') : !repaired.ok ? repaired.message : ''}`;
    } else if (evidence.localFix && sharing.length === 0 && !this.io.repairer) {
      why = 'no repair model is configured';
    }
    await announce('replan');
    await recorder.trace({ type: 'decision', stepId: brokenId, decision: 'replan', reason: `${what}; ${why}` });
    const revision = new StreamedRevision(recorder, brokenId, what, this.wake);
    this.writer = revision;
    try {
      const answer = await this.ask(() => replanner.replan(buildReplanRequest(recorder.current, brokenId, evidence.lines), signal, check, revision));
      if (signal.aborted) return await revision.abandon('the run was cancelled while the re-planner wrote its patch');
      if (!answer.ok && answer.capped) return await revision.abandon(answer.message);
      if (!answer.ok) {
        await revision.abandon(`the re-planner failed: ${answer.message}`);
        return await this.giveUp(brokenId, { status: 'needsReplan', reason: `${what}; the re-planner failed: ${answer.message}` });
      }
      const problems = await revision.complete(answer.patch);
      if (problems.length > 0) await this.giveUp(brokenId, { status: 'failed', reason: `${what}; the patch is invalid: ${problems.join('; ')}` });
    } finally {
      this.writer = undefined;
    }
  }

  /** Stops recovering: journals that the recovery gave up, so nobody reads "re-planning" any more. */
  private async giveUp(brokenId: string, stop: RecoveryStop): Promise<void> {
    this.stop = stop;
    await this.io.recorder.append({ type: 'recovery', at: this.io.recorder.now(), stepId: brokenId, phase: 'gaveUp', reason: stop.reason });
  }

  /** Runs one model round and journals its usage, failed or not. */
  private async ask(call: () => Promise<ReplanAnswer>): Promise<{ ok: true; patch: PlanPatch } | { ok: false; message: string; capped?: true }> {
    try {
      const answer = await call();
      for (const usage of answer.usage) await this.io.recorder.recordUsage('replan', usage);
      return { ok: true, patch: answer.patch };
    } catch (error) {
      for (const usage of usageOfFailure(error)) await this.io.recorder.recordUsage('replan', usage);
      // Not a failure of the re-planner: the run pauses at its cost cap, and recovers when it goes on.
      return { ok: false, message: messageOf(error), ...(error instanceof CostCapReachedError ? { capped: true as const } : {}) };
    }
  }
}
