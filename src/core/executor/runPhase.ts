// Where the run of the open plan stands in a host that drives it (the editor's run controller): idle, executing
// (running, or re-planning after a broken step), stopped (paused by the user or a reload, or waiting for the user's
// approval or an edit) or ended. A pure transition function over the events the host sees, so what may happen in
// which phase is decided in one place and tested without an editor; the host acts only on transitions allowed here.
import { isRunFinished, type RunStatus } from '../run/journalRecords';

/** The phases of a hosted run. */
export const RUN_PHASES = ['idle', 'running', 'paused', 'waiting', 'replanning', 'ended'] as const;

/** Where a hosted run stands: `waiting` is for the user (an approval, or an edit after a re-plan gave up). */
export type RunPhase = (typeof RUN_PHASES)[number];

/** What the host sees happen to its run. */
export type RunEvent =
  /** The host starts executing the run (a new goal, a new run, or the stopped one carried on). */
  | { readonly type: 'execute' }
  /** The run changed (journalled): its status, and whether a broken step's repair or re-plan is under way. */
  | { readonly type: 'changed'; readonly status: RunStatus; readonly recovering: boolean }
  /** The execution returned or threw; `status` is the run's (absent when no run was journalled). */
  | { readonly type: 'stopped'; readonly status?: RunStatus }
  /** The host drops the run (a new plan was opened). */
  | { readonly type: 'forget' };

/** Why an event is refused: a run executes, the run has ended, or nothing executes that could stop. */
export type PhaseRefusal = 'runInProgress' | 'runEnded' | 'notExecuting';

/** The next phase, or why the event is refused in this phase (the host words it for the user). */
export type PhaseTransition = { readonly ok: true; readonly phase: RunPhase } | { readonly ok: false; readonly refusal: PhaseRefusal };

/** True while the run executes in the host. */
export function isExecuting(phase: RunPhase): boolean {
  return phase === 'running' || phase === 'replanning';
}

/** True when the run stopped before its end and can be carried on. */
export function isResumable(phase: RunPhase): boolean {
  return phase === 'paused' || phase === 'waiting';
}

/** The phase of a run that is not executing, from its journalled status. */
export function stoppedPhase(status: RunStatus): RunPhase {
  if (isRunFinished(status)) return 'ended';
  if (status === 'awaitingApproval' || status === 'needsReplan') return 'waiting';
  // `running` when not executing: the window closed or the host crashed mid-run; it carries on like a pause.
  return 'paused';
}

/** Applies `event` to a run in `phase`. */
export function nextPhase(phase: RunPhase, event: RunEvent): PhaseTransition {
  const executing = isExecuting(phase);
  switch (event.type) {
    case 'execute':
      if (executing) return refused('runInProgress');
      if (phase === 'ended') return refused('runEnded');
      return allowed('running');
    case 'changed':
      if (executing) return allowed(event.recovering ? 'replanning' : 'running');
      return allowed(stoppedPhase(event.status));
    case 'stopped':
      if (!executing) return refused('notExecuting');
      return allowed(event.status === undefined ? 'idle' : stoppedPhase(event.status));
    case 'forget':
      if (executing) return refused('runInProgress');
      return allowed('idle');
  }
}

function allowed(phase: RunPhase): PhaseTransition {
  return { ok: true, phase };
}

function refused(refusal: PhaseRefusal): PhaseTransition {
  return { ok: false, refusal };
}
