// What a step record adds to a run besides the step's own state: the file touches that undoing the run puts back
// (a start adds one, an end with snapshots completes it), and the doubtful effects of non-idempotent steps that
// ended unknown. Pure, applied by runState.ts's fold.
import { stepById } from '../plan/planGraph';
import type { JournalRecord } from './journalRecords';
import { doubtfulEffectOf } from './repeatedEffect';
import type { RunState } from './runState';
import { stepOutputs } from './stepOutputs';

/** The run's doubtful effects after `record`: a step that ended unknown adds its effect when repeating it is not safe. */
export function doubtfulAfter(state: RunState, record: Extract<JournalRecord, { type: 'step' }>): Pick<RunState, 'doubtful'> {
  const step = record.to === 'unknown' ? stepById(state.plan, record.stepId) : undefined;
  const effect = step && doubtfulEffectOf(state.plan, step, stepOutputs(state));
  return effect ? { doubtful: [...(state.doubtful ?? []), effect] } : {};
}

/** The run's touches after `record`: a start adds one, an end with snapshots completes the step's last. */
export function touchesAfter(state: RunState, record: Extract<JournalRecord, { type: 'step' }>): Pick<RunState, 'touches'> {
  const touches = state.touches ?? [];
  if (record.event === 'start') return { touches: [...touches, { stepId: record.stepId, at: record.at, before: record.before ?? [] }] };
  if (!record.after) return state.touches ? { touches } : {};
  let index = touches.length - 1;
  while (index >= 0 && touches[index]!.stepId !== record.stepId) index--;
  if (index === -1) return state.touches ? { touches } : {};
  const next = [...touches];
  next[index] = { ...touches[index]!, after: record.after };
  return { touches: next };
}
