// A run that meets its cost cap pauses: the call that would pass the cap is not made, and the run waits in
// `paused` with the cap's reason until a higher cap lets it go on (resume, or the editor's "raise the cap").
import { CostCapReachedError } from '../errors';
import type { RunRecorder } from './runRecorder';

/** `conclusion`'s answer, or — when a call it needed would pass the cost cap — false, the run paused with the reason. */
export async function pauseAtCostCap(recorder: RunRecorder, conclusion: Promise<boolean>): Promise<boolean> {
  try {
    return await conclusion;
  } catch (error) {
    if (!(error instanceof CostCapReachedError)) throw error;
    await recorder.setStatus('paused', error.message);
    return false;
  }
}

