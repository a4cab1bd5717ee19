// What the editor's settings change when it carries on a journalled run, the way `planwright resume` treats
// its flags: the run keeps the options it was journalled with, and only what the user changed since (a
// setting whose value now differs from the journalled option) overrides. Options no setting covers (the
// summary mode, retry delay, search and listing limits, an explicit permission to re-run) stay as journalled. The
// cost cap follows planwright.maxCost: raised, lowered or lifted there, it is raised, lowered or lifted for the run.
import { canonicalJson } from './text/canonicalJson';
import type { RunOptions } from './run/runOptions';
import { runOptionsFromSettings, type HostSettings } from './hostSettings';

/** The options of a resumed run that `settings` change: only those that differ from `journalled`. */
export function resumeOverrides(settings: HostSettings, journalled: RunOptions): Partial<RunOptions> {
  const wanted = runOptionsFromSettings(settings, journalled);
  const changed: Partial<Record<keyof RunOptions, unknown>> = {};
  // Journalled keys too: a cost cap the setting no longer sets is lifted.
  for (const key of new Set([...Object.keys(wanted), ...Object.keys(journalled)] as (keyof RunOptions)[])) {
    if (canonicalJson(wanted[key]) !== canonicalJson(journalled[key])) changed[key] = wanted[key];
  }
  return changed as Partial<RunOptions>;
}
