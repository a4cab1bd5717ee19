// The error for a run action that cannot happen now (no run, a run in progress, an untrusted workspace, no
// folder): its message is already the words the user sees, in their language.

/** A run the user can act on was not there, or the workspace may not run anything: said once, in words. */
export class RunUnavailableError extends Error {
  readonly reason = 'runUnavailable';
}
