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

/**
 * A run's journal or trace was changed by something other than the log that writes it (typically a
 * `runCommand` step's shell, which no path check can confine): the log stops taking records.
 */
export class RecordLogChangedError extends Error {
  readonly reason = 'recordLogChanged';
  constructor(
    readonly path: string,
    /** What changed, e.g. `its size went from 812 to 840 bytes`. */
    readonly change: string,
    /** Where the changed file was kept, when the log's own records were written back in its place. */
    readonly keptAs?: string,
  ) {
    super(
      keptAs
        ? `${path} was changed by something other than Planwright (${change}): the records Planwright wrote are back in ${path}, and the changed file was kept as ${keptAs}`
        : `${path} was changed by something other than Planwright (${change}), and its own records could not be written back`,
    );
    this.name = 'RecordLogChangedError';
  }
}

/** A run the fused agent wrote, asked to resume: its next move is the agent's, which no plan run can replay (agentRun.ts). */
export class AgentRunNotResumableError extends Error {
  readonly reason = 'agentRunNotResumable';
  constructor(readonly runId: string, message: string) {
    super(message);
    this.name = 'AgentRunNotResumableError';
  }
}

/** Who holds a run's lease: the process running it, on which machine, since when (ms since the epoch). */
export interface RunLeaseHolder {
  readonly pid: number;
  readonly host: string;
  readonly since: number;
}

/** A run or resume refused, having changed nothing, because another live process holds the run's lease. */
export class RunLeaseHeldError extends Error {
  readonly reason = 'runLeaseHeld';
  constructor(readonly runName: string, readonly holder: RunLeaseHolder) {
    super(`run ${runName} is being run by process ${holder.pid}${holder.host ? ` on ${holder.host}` : ''} since ${new Date(holder.since).toISOString()}`);
    this.name = 'RunLeaseHeldError';
  }
}

/** A step that would wait for another run's claim forever (that run already waits for this one): it fails, having written nothing. */
export class WriteClaimDeadlockError extends Error {
  readonly reason = 'writeClaimDeadlock';
  constructor(message: string) {
    super(message);
    this.name = 'WriteClaimDeadlockError';
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

/** An undo refused because the content some files had before the step was not kept (binary, too large, not a file). */
export class UndoUnavailableError extends Error {
  readonly reason = 'undoUnavailable';
  constructor(readonly files: readonly string[]) {
    super(`Not undoing: the earlier content of these files was not kept: ${files.join(', ')}`);
    this.name = 'UndoUnavailableError';
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

/** What a path can point at besides a regular file or a folder; named in refusals. */
export type SpecialFileType = 'fifo' | 'socket' | 'device' | 'other';

/** How a file type reads in a message: `a FIFO (named pipe)`, `a folder`, ... */
export function describeFileType(type: 'file' | 'directory' | SpecialFileType): string {
  switch (type) {
    case 'file':
      return 'a regular file';
    case 'directory':
      return 'a folder';
    case 'fifo':
      return 'a FIFO (named pipe)';
    case 'socket':
      return 'a socket';
    case 'device':
      return 'a device file';
    case 'other':
      return 'not a regular file';
  }
}

/** Something other than a regular file (a folder, FIFO, socket or device) where a file was to be read or written; refused before any byte moved. */
export class NotAFileError extends Error {
  readonly reason = 'notAFile';
  constructor(readonly path: string, readonly type: 'directory' | SpecialFileType) {
    super(`${path} is ${describeFileType(type)}, not a regular file; Planwright reads and writes regular files only`);
    this.name = 'NotAFileError';
  }
}

/** A file larger than the read limit; refused before it was read. */
export class FileTooLargeError extends Error {
  readonly reason = 'fileTooLarge';
  constructor(readonly path: string, readonly size: number, readonly limit: number) {
    super(`${path} is ${formatBytes(size)}, over the read limit of ${formatBytes(limit)} (setting planwright.maxReadBytes, flag --max-read-bytes)`);
    this.name = 'FileTooLargeError';
  }
}

/** A file whose bytes are not UTF-8 text: known by its size and SHA-256 digest instead of its content. */
export class BinaryFileError extends Error {
  readonly reason = 'binaryFile';
  constructor(readonly path: string, readonly size: number, readonly sha256: string) {
    super(`${path} is a binary file (${formatBytes(size)}, sha256 ${sha256.slice(0, 16)}…), not UTF-8 text`);
    this.name = 'BinaryFileError';
  }
}

/**
 * A file that no longer holds what a conditional write saw when it read it (another process or run changed
 * it in between): nothing was written.
 */
export class FileChangedError extends Error {
  readonly reason = 'fileChanged';
  constructor(readonly path: string) {
    super(`${path} changed since it was read; nothing was written`);
    this.name = 'FileChangedError';
  }
}

/** Why the file system refused an operation before it changed anything. */
export type FileRefusal = 'permissionDenied' | 'nameTooLong' | 'readOnlyFileSystem' | 'noSpace' | 'otherRefusal';

/** A file operation the file system refused before it had any effect: retrying the same call cannot help. */
export class FileRefusedError extends Error {
  constructor(readonly path: string, readonly reason: FileRefusal, readonly detail: string) {
    super(`${path}: ${detail}`);
    this.name = 'FileRefusedError';
  }
}

/** A command that never started (its working folder could not be entered, no shell): nothing ran. */
export class CommandNotStartedError extends Error {
  readonly reason = 'commandNotStarted';
  constructor(readonly cwd: string, detail: string) {
    super(`the command could not start in ${cwd}: ${detail}`);
    this.name = 'CommandNotStartedError';
  }
}

/** `bytes` for people: `512 bytes`, `3.0 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
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

/**
 * A tool call that cannot finish until the user answers: a sub-plan whose child waits for approval. The
 * step waits with it (`awaitingApproval`), naming the steps asked about by their path (`E3/E1`).
 */
export class ApprovalWaitError extends Error {
  readonly reason = 'awaitingApproval';
  constructor(readonly waitingOn: readonly string[]) {
    super(`waiting for approval inside its sub-plan: ${waitingOn.join(', ')}`);
    this.name = 'ApprovalWaitError';
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

/** A model call the run's cost cap refused: it was not made, and the run pauses (cost/costCap.ts words the message). */
export class CostCapReachedError extends Error {
  readonly reason = 'costCapReached';
  constructor(
    message: string,
    readonly role: string,
    /** The priced spend of the run so far, calls still answering included, in US dollars. */
    readonly spent: number,
    /** What the refused call would have cost, estimated. */
    readonly estimate: number,
    readonly cap: number,
  ) {
    super(message);
    this.name = 'CostCapReachedError';
  }
}

/** Rethrows `error` when it is the cost cap's refusal, so a caller's own failure handling does not take it for a failed call. */
export function rethrowCostCap(error: unknown): void {
  if (error instanceof CostCapReachedError) throw error;
}

/** What a run asks of its cost cap: whether a call was refused, which pauses the run. */
export interface SpendLimit {
  readonly reached: CostCapReachedError | undefined;
}
