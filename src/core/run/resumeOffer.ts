// Which prompt the editor offers about the last run: when the user runs the plan, and once a window reload has
// restored the run from its journal. After a reload, a run that stopped before its end offers to resume (a fused
// agent's run resumes with the agent, as `planwright resume` does). A cancelled plan run asks whether to resume or
// start over; a cancelled fused agent's run is as final as one that ended, so the user is offered to plan it again.
// Everything else offers nothing: Run Plan goes on as it would, and a reload only shows the run.
import { isAgentRun, type RunDesign } from './agentRun';
import type { RunState } from './runState';

/** What the offer reads of the run: who wrote it and how it stands. */
export type OfferedRun = RunDesign & Pick<RunState, 'status'>;

/** When the editor asks: as the user runs the plan, or once a window reload has restored the last run. */
export type OfferMoment = 'runPlan' | 'reload';

/** The run and what the host's run controller says of it. */
export interface ResumeOfferInput<R extends OfferedRun> {
  readonly moment: OfferMoment;
  /** The run as it stands, live or restored; absent when there is none. */
  readonly run: R | undefined;
  /** The controller's word: the run stopped before its end and can be carried on. */
  readonly resumable: boolean;
  /** The run executes in this window now. */
  readonly executing: boolean;
}

/** The prompt to show, with the run it is about. */
export type ResumeOffer<R extends OfferedRun> =
  /** A cancelled fused agent's run: say it cannot be carried on, naming it, and offer to plan the task again. */
  | { readonly kind: 'planAgain'; readonly runId: string }
  /** A cancelled plan run, on Run Plan: ask whether to carry it on from where it stopped or to start over. */
  | { readonly kind: 'resumeOrStartOver'; readonly run: R }
  /** After a reload, a run that stopped before its end: offer to resume it. */
  | { readonly kind: 'resume'; readonly run: R }
  /** No prompt. */
  | { readonly kind: 'none' };

/** The prompt the editor offers about `input.run` at `input.moment`. */
export function resumeOffer<R extends OfferedRun>(input: ResumeOfferInput<R>): ResumeOffer<R> {
  const { run, moment } = input;
  if (!run || input.executing) return { kind: 'none' };
  // A reload offers nothing for a cancelled run; Run Plan asks about it, since the user means to run.
  const cancelledOnRunPlan = moment === 'runPlan' && run.status === 'cancelled';
  if (cancelledOnRunPlan) return isAgentRun(run) ? { kind: 'planAgain', runId: run.runId } : { kind: 'resumeOrStartOver', run };
  if (moment === 'reload' && input.resumable && !(isAgentRun(run) && run.status === 'cancelled')) return { kind: 'resume', run };
  return { kind: 'none' };
}
