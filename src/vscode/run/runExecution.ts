// The one execution a window runs at a time, and where the window's run stands: its phase (idle, running,
// re-planning, paused, waiting, ended), moved only by core's `nextPhase`, so an action the phase does not
// allow is refused with the reason the user sees, in their language. Also the abort signal the execution runs under,
// and the promise that whoever joins later (Run Plan, an edit) awaits. The view shows it working (PlanView).
import * as vscode from 'vscode';
import type { RunStatus } from '../../core/run/journalRecords';
import { nextPhase, type PhaseRefusal, type RunEvent, type RunPhase } from '../../core/executor/runPhase';
import type { RunOutcome } from '../../core/door/doorReport';
import { RunUnavailableError } from './runUnavailableError';

/** What an execution asks of its controller: the run's status at its end, and what to do once it ended. */
export interface ExecutionHooks {
  statusAtEnd(): RunStatus | undefined;
  /** Runs when the execution ended; `current` is false when another one had started meanwhile. */
  settled(current: boolean): Promise<void>;
}

function refusalText(refusal: PhaseRefusal): string {
  switch (refusal) {
    case 'runInProgress':
      return vscode.l10n.t('A run is in progress: pause or cancel it first.');
    case 'runEnded':
      return vscode.l10n.t('The run has ended: start a new one to run the plan again.');
    case 'notExecuting':
      return vscode.l10n.t('The run is not executing, so it cannot stop.');
  }
}

/** The execution under way in this window, if any, and the run's phase; see the file header. */
export class RunExecution {
  private currentPhase: RunPhase = 'idle';
  private current: Promise<RunOutcome> | undefined;
  private abort: AbortController | undefined;

  /** Where the run stands. */
  get phase(): RunPhase {
    return this.currentPhase;
  }

  /** The execution under way, settling with how it ended, for whoever joins it. */
  get joined(): Promise<RunOutcome> | undefined {
    return this.current;
  }

  /** Moves the run to its next phase, or refuses with a RunUnavailableError saying why. */
  advance(event: RunEvent): void {
    const next = nextPhase(this.currentPhase, event);
    if (!next.ok) throw new RunUnavailableError(refusalText(next.refusal));
    this.currentPhase = next.phase;
  }

  /** Aborts the execution under way; false when there is none. */
  abortCurrent(): boolean {
    if (!this.abort) return false;
    this.abort.abort();
    return true;
  }

  /** Runs `work` as this window's execution, which Pause and Cancel (the view's title buttons, the palette) stop; see ExecutionHooks. */
  track(work: (signal: AbortSignal) => Promise<RunOutcome>, hooks: ExecutionHooks): Promise<RunOutcome> {
    this.advance({ type: 'execute' });
    const abort = new AbortController();
    this.abort = abort;
    const done = work(abort.signal);
    let execution: Promise<RunOutcome> | undefined;
    const finished = done.finally(async () => {
      const current = this.current === execution;
      if (current) {
        this.current = undefined;
        this.abort = undefined;
        const status = hooks.statusAtEnd();
        this.advance({ type: 'stopped', ...(status ? { status } : {}) });
      }
      await hooks.settled(current);
    });
    execution = finished;
    // The caller awaits `finished`; so does whoever joins later (Run Plan, edits), so its rejection is not
    // left unhandled when nobody does.
    finished.catch(() => undefined);
    this.current = finished;
    return finished;
  }
}
