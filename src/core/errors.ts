// Typed errors raised by core and by the adapters that implement its ports. Adapters turn these into
// user text; nothing matches on message strings.

/** A path that resolves outside the workspace root (`..`, absolute, symlink out, NUL byte, ...). */
export class WorkspaceEscapeError extends Error {
  readonly reason = 'workspaceEscape';
  constructor(readonly path: string, detail: string) {
    super(`Path "${path}" is outside the workspace: ${detail}`);
    this.name = 'WorkspaceEscapeError';
  }
}

/** A path that is one of the run's own files (its journal, trace, or the folder that holds them): no step or check may touch it. */
export class ProtectedPathError extends Error {
  readonly reason = 'protectedPath';
  constructor(readonly path: string) {
    super(`Path "${path}" is one of the run's own files (its journal, trace or the folder that holds them): a plan may not read or change it`);
    this.name = 'ProtectedPathError';
  }
}

/** A file that was expected to exist does not. */
export class FileNotFoundError extends Error {
  readonly reason = 'fileNotFound';
  constructor(readonly path: string) {
    super(`File not found: ${path}`);
    this.name = 'FileNotFoundError';
  }
}

/** A file or folder already exists where something was to be created (e.g. a rename target). */
export class FileExistsError extends Error {
  readonly reason = 'fileExists';
  constructor(readonly path: string) {
    super(`File already exists: ${path}`);
    this.name = 'FileExistsError';
  }
}

/** An undo refused because files changed after the step finished; `force` would overwrite them. */
export class UndoConflictError extends Error {
  readonly reason = 'undoConflict';
  constructor(readonly paths: readonly string[]) {
    super(`Not undoing: changed since the step finished: ${paths.join(', ')}`);
    this.name = 'UndoConflictError';
  }
}

/**
 * How a tool failed. `definite`: the effect certainly did not happen, or a command finished with a bad
 * exit code. `ambiguous`: the effect may or may not have happened (timeout, killed, connection lost,
 * crash mid-write).
 */
export type FailureKind = 'definite' | 'ambiguous';

/** A tool's failure, with the kind that decides whether a retry is safe. */
export class ToolError extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly reason: string,
    message: string,
    readonly output?: string,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** Why a model call failed, in terms a user can act on. */
export type ModelErrorReason =
  | 'noEndpoint'
  | 'unreachable'
  | 'unauthorized'
  | 'modelNotFound'
  | 'rateLimited'
  | 'serverError'
  | 'badRequest'
  | 'timeout'
  | 'cancelled'
  | 'badReply';

/** A model call that failed after the adapter's own retries; `message` tells the user what to change. */
export class ModelError extends Error {
  constructor(
    readonly reason: ModelErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}
