// A run that meets its cost cap pauses: the call that would pass the cap is not made, and the run waits in
// `paused` with the cap's reason and figures (spent, the refused call's estimate, the cap) until a higher cap
// lets it go on (resume, or the editor's "Raise Cap and Resume").
import { CostCapReachedError } from '../errors';
import type { RunRecorder } from './runRecorder';

/** Journals the run as paused at the cap that refused a call. */
export function pauseAtCap(recorder: RunRecorder, refused: CostCapReachedError): Promise<void> {
  return recorder.setStatus('paused', refused.message, { spent: refused.spent, estimate: refused.estimate, cap: refused.cap });
}

/** `conclusion`'s answer, or — when a call it needed would pass the cost cap — false, the run paused with the reason. */
export async function pauseAtCostCap(recorder: RunRecorder, conclusion: Promise<boolean>): Promise<boolean> {
  try {
    return await conclusion;
  } catch (error) {
    if (!(error instanceof CostCapReachedError)) throw error;
    await pauseAtCap(recorder, error);
    return false;
  }
}
