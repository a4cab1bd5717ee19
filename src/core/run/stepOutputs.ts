// The outputs of a run's succeeded steps by id, as `#<id>` references resolve them: a view over the run's steps,
// so it costs nothing to make. Its own module, so that both the run state and its revisions read it.
import { projectMap } from './indexedMap';
import type { RunState } from './runState';

/** The outputs of succeeded steps by id, for `#<id>` references. */
export function stepOutputs(state: Pick<RunState, 'steps'>): ReadonlyMap<string, string> {
  return projectMap(state.steps, (run) => (run.status === 'succeeded' ? run.output?.text : undefined));
}
