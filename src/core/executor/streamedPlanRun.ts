// A run whose plan arrives step by step (LLMCompiler's task-fetching unit): each step the planner's
// stream completes passes the gate on its own — a reference to a step not written yet waits, it is not
// an error — is journalled as `stepAdded` and is in the run at once, where the scheduler may start it
// (dependencies done, approval given) before the planner has finished. A step that fails the gate is
// journalled as `stepRejected` and nothing new starts; when the stream ends the whole plan is gated again
// (`planClosed`). A problem, a broken stream or a kill leaves the run stopped as `needsReplan`, with what
// ran journalled as it happened.
import type { Check } from '../checks/checkSchema';
import { PLAN_FORMAT_VERSION, type ValidPlan } from '../plan/planSchema';
import { formatProblem } from '../plan/planProblem';
import { gateAppendedStep } from '../plan/appendStep';
import { validatePlan } from '../plan/validatePlan';
import { messageOf } from '../text/errorText';
import type { StreamOffset, UsageRecord } from '../run/journalRecords';
import type { PlanStreamItem } from '../run/modelRoles';
import type { RunMode } from '../run/runMode';
import { PlanRun, type PlanIntake, type RunDeps } from './planRun';
import type { RunOptions } from '../run/runOptions';
import { RunRecorder } from './runRecorder';
import { runReport, type RunReport } from '../run/runSummary';
import { WakeSignal } from './wakeSignal';

/** What a streamed run starts from. */
export interface StreamedPlanStart {
  readonly runId: string;
  readonly goal: string;
  /** The plan's revision (a planner-written plan is 1). */
  readonly revision: number;
  readonly options: RunOptions;
  readonly host?: Readonly<Record<string, unknown>>;
  /** The mode of the goal the plan is for (`split`, or `auto` when it chose to plan). */
  readonly mode?: RunMode;
  /** Model calls made before the stream (journalled against the `plan` phase once the run exists). */
  readonly planUsage?: readonly UsageRecord[];
  /** Hears the run once its first step has passed the gate, so a host can pause it or revise it later. */
  readonly onRun?: (run: PlanRun) => void;
}

/** How a streamed run ended: its report, or — when no step ever passed the gate — why nothing ran. */
export type StreamedPlanOutcome =
  | { readonly ran: true; readonly report: RunReport }
  | { readonly ran: false; readonly problems: readonly string[]; readonly usage: readonly UsageRecord[] };

/** Runs the plan `source` writes, starting steps as they arrive; resolves when the run stops. */
export async function runStreamedPlan(source: AsyncIterable<PlanStreamItem>, start: StreamedPlanStart, deps: RunDeps, signal: AbortSignal): Promise<StreamedPlanOutcome> {
  return new StreamIntake(start, deps).run(source, signal);
}

class StreamIntake implements PlanIntake {
  private recorder: RunRecorder | undefined;
  private readonly usage: UsageRecord[] = [];
  private readonly problems: { readonly problems: readonly string[]; readonly offset: StreamOffset }[] = [];
  private latest: StreamOffset = { chars: 0 };
  /** The goal's acceptance checks the planner wrote: in the plan the run starts with, or added when it closes. */
  private readonly acceptance: Check[] = [];
  private readonly wake = new WakeSignal();

  constructor(
    private readonly start: StreamedPlanStart,
    private readonly deps: RunDeps,
  ) {
    this.usage.push(...(start.planUsage ?? []));
  }

  changed(): Promise<void> {
    return this.wake.next();
  }

  offset(): StreamOffset {
    return this.latest;
  }

  async run(source: AsyncIterable<PlanStreamItem>, signal: AbortSignal): Promise<StreamedPlanOutcome> {
    const iterator = source[Symbol.asyncIterator]();
    let execution: Promise<RunReport> | undefined;
    let ending: string | undefined;
    // A failure before the first item (a 500, a refused connection) is no reply at all, not one that broke off.
    let replied = false;
    try {
      for (;;) {
        const next = await untilAborted(iterator.next(), signal);
        if (next === 'aborted') {
          void iterator.return?.()?.catch(() => undefined);
          ending = 'planning was cancelled';
          break;
        }
        if (next.done) break;
        replied = true;
        const run = await this.take(next.value);
        if (run && !execution) {
          execution = run.execute(signal, this);
          // Awaited once the stream is done; until then a failure must not count as unhandled.
          execution.catch(() => undefined);
        }
        if (this.recorder && !this.recorder.current.planOpen) break;
      }
    } catch (error) {
      ending = replied ? `the planner's reply broke off: ${messageOf(error)}` : `the planner did not reply: ${messageOf(error)}`;
    }
    if (!this.recorder) return { ran: false, problems: [...this.problems.flatMap((entry) => entry.problems), ...(ending ? [ending] : [])], usage: this.usage };
    await this.close(ending);
    return { ran: true, report: execution ? await execution : runReport(this.recorder.current) };
  }

  /** Gates one item and journals it; returns the run when this item started it. */
  private async take(item: PlanStreamItem): Promise<PlanRun | undefined> {
    if (item.kind === 'usage') {
      if (this.recorder) await this.recorder.recordUsage('plan', item.usage);
      else this.usage.push(item.usage);
      return undefined;
    }
    this.latest = item.offset;
    if (item.kind === 'problem') return this.reject(item.problems, item.offset);
    if (item.kind === 'acceptance') {
      this.acceptance.push(item.check);
      return undefined;
    }
    const verdict = this.recorder ? gateAppendedStep(this.recorder.current.plan, item.step, { openReferences: true }) : validatePlan(this.planOf([item.step]), { openReferences: true });
    if (!verdict.ok) return this.reject(verdict.problems.map(formatProblem), item.offset);
    const stepId = verdict.plan.steps[verdict.plan.steps.length - 1]!.id;
    if (this.recorder) {
      await this.recorder.append({ type: 'stepAdded', at: this.deps.clock.now(), step: item.step, streamOffset: item.offset });
      await this.arrived(stepId, item.offset);
      return undefined;
    }
    return this.begin(verdict.plan, stepId, item.offset);
  }

  /** The first step that passes the gate starts the run; what came before it is journalled after. */
  private async begin(plan: ValidPlan, stepId: string, offset: StreamOffset): Promise<PlanRun> {
    const { runId, options, host } = this.start;
    this.recorder = await RunRecorder.begin({ type: 'runStarted', runId, at: this.deps.clock.now(), plan, options, ...(host ? { host: { ...host } } : {}), ...(this.start.mode ? { mode: this.start.mode } : {}), planOpen: true }, this.deps);
    for (const usage of this.usage.splice(0)) await this.recorder.recordUsage('plan', usage);
    for (const entry of this.problems.splice(0)) await this.reject(entry.problems, entry.offset);
    await this.arrived(stepId, offset);
    const run = PlanRun.over(this.recorder, this.deps);
    this.start.onRun?.(run);
    return run;
  }

  private async arrived(stepId: string, offset: StreamOffset): Promise<void> {
    await this.recorder!.trace({ type: 'stepArrived', stepId, streamOffset: offset });
    this.notify();
  }

  private async reject(problems: readonly string[], offset: StreamOffset): Promise<undefined> {
    if (!this.recorder) {
      this.problems.push({ problems, offset });
      return undefined;
    }
    await this.recorder.trace({ type: 'decision', decision: 'rejectStep', reason: problems.join('; ') });
    await this.recorder.append({ type: 'stepRejected', at: this.deps.clock.now(), problems: [...problems], streamOffset: offset });
    this.notify();
    return undefined;
  }

  /** The stream ended (or broke off): the whole plan through the gate with every reference closed. */
  private async close(ending: string | undefined): Promise<void> {
    const recorder = this.recorder!;
    if (recorder.current.planOpen) {
      const verdict = ending ? undefined : validatePlan(this.planOf(recorder.current.plan.steps));
      const problems = ending ? [ending] : verdict && !verdict.ok ? verdict.problems.map(formatProblem) : [];
      const late = this.acceptance.length > (recorder.current.plan.acceptance?.length ?? 0) && problems.length === 0 ? { acceptance: [...this.acceptance] } : {};
      await recorder.trace({ type: 'decision', decision: 'closePlan', reason: problems.length > 0 ? problems.join('; ') : `the plan is complete: ${recorder.current.plan.steps.length} step(s)` });
      await recorder.append({ type: 'planClosed', at: this.deps.clock.now(), ...(problems.length > 0 ? { problems } : {}), ...late, streamOffset: this.latest });
    }
    this.notify();
  }

  private planOf(steps: readonly unknown[]): unknown {
    return { version: PLAN_FORMAT_VERSION, goal: this.start.goal, revision: this.start.revision, ...(this.acceptance.length > 0 ? { acceptance: [...this.acceptance] } : {}), steps };
  }

  private notify(): void {
    this.wake.wake();
  }
}

/** `promise`, or 'aborted' as soon as `signal` fires (the promise is left to settle on its own). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | 'aborted'> {
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
