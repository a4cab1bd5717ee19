// Why a command runs as a child process instead of in a shell-integrated terminal, worded in either language: the
// user's in the read-only terminal that shows the command, English in the log and in the step's error, which the
// journal records and the re-planner reads. The runner decides which reason applies; this only words it.
import type { Localize } from '../../core/ports';

/** A reason, worded through `l10n` (`vscode.l10n` for the user, `englishText` for the log and the model). */
export type FallbackReason = (l10n: Localize) => string;

/** The runner was built to use child processes. */
export const forcedFallback: FallbackReason = (l10n) => l10n.t('the runner is set to use child processes');

/** The user switched shell integration off. */
export const integrationOff: FallbackReason = (l10n) => l10n.t('terminal.integrated.shellIntegration.enabled is off');

/** The command needs its own environment `variables`, which a terminal cannot take for one command. */
export function needsEnvironment(variables: readonly string[]): FallbackReason {
  return (l10n) => l10n.t('it needs {0} in its environment, which a terminal cannot be given for one command without changing the command line', variables.join(', '));
}

/** Shell integration did not report in `terminal` within `seconds`. */
export function integrationTimedOut(terminal: string, seconds: number): FallbackReason {
  return (l10n) => l10n.t('shell integration did not activate in the {0} terminal within {1} s', terminal, seconds);
}
