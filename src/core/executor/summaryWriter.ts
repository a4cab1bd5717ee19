// The closing record of a succeeded run: the summary from the source `summarySource` names — the plan's
// own answer or Planwright's step-by-step account by default, the solver model only when asked — with a
// solver that fails or is missing falling back to the plain summary, with a warning.
import type { Clock, Logger } from '../ports';
import { messageOf } from '../text/errorText';
import { rethrowCostCap } from '../errors';
import type { RunOptions } from '../run/runOptions';
import type { RunRecorder } from './runRecorder';
import type { RunState } from '../run/runState';
import { deterministicSummary, plannedAnswer, summarySource } from '../run/runSummary';
import type { Solver } from '../run/modelRoles';

/** What writing the summary works through. */
export interface SummaryIo {
  readonly recorder: RunRecorder;
  readonly options: RunOptions;
  readonly solver?: Solver;
  readonly logger: Logger;
  readonly clock: Clock;
}

/** Journals the summary of the run, which has just succeeded. */
export async function writeSummary(io: SummaryIo, signal: AbortSignal): Promise<void> {
  const succeeded: RunState = { ...io.recorder.current, status: 'succeeded' };
  const fallback = plannedAnswer(succeeded) ?? deterministicSummary(succeeded);
  const text = summarySource(succeeded, io.options) === 'solver' ? await askSolver(io, signal, fallback) : fallback;
  await io.recorder.append({ type: 'summary', at: io.clock.now(), text });
}

/** The solver's summary, or `fallback` (with a warning) when no solver is configured or it fails. */
async function askSolver(io: SummaryIo, signal: AbortSignal, fallback: string): Promise<string> {
  if (!io.solver) {
    io.logger.warn('a model summary was asked for, but no model is configured: using the plain summary');
    return fallback;
  }
  try {
    const answer = await io.solver.summarize(io.recorder.current, signal);
    for (const usage of answer.usage) await io.recorder.recordUsage('solve', usage);
    return answer.text;
  } catch (error) {
    // The summary would pass the cost cap: the run pauses before it rather than ending without the summary asked for.
    rethrowCostCap(error);
    io.logger.warn(`the solver failed, using the plain summary: ${messageOf(error)}`);
    return fallback;
  }
}
