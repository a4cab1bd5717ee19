// How tools fail: the one place that turns whatever a port threw into a ToolError of the right kind.
// Typed errors that prove nothing happened (a missing file, a path outside the workspace, something
// other than a regular file, one of the run's own files, a file over the read limit, a refusal by the file system, a command that
// never started, a refused model request) are `definite`: they cannot change on a retry. Anything that
// leaves the effect in doubt is `ambiguous`.
import {
  BinaryFileError,
  CommandNotStartedError,
  describeFileType,
  FileChangedError,
  FileExistsError,
  FileNotFoundError,
  FileRefusedError,
  FileTooLargeError,
  ModelError,
  ProtectedPathError,
  NotAFileError,
  ToolError,
  WorkspaceEscapeError,
  type FailureKind,
  type ModelErrorReason,
} from '../errors';
import { z } from 'zod';
import { rethrowCostCap } from '../errors';
import type { FileStat, Workspace } from '../ports';
import { messageOf } from '../text/errorText';

/** The opt-in of the file-changing tools to change a file whose mode has no write bit. */
export const AllowReadOnlySchema = z.boolean().optional().describe('change the file even when it is read-only (mode 0444); it stays read-only');

/** Whether a failed model call may have been answered: only errors that prove it was refused are definite. */
function modelFailureKind(reason: ModelErrorReason): FailureKind {
  switch (reason) {
    case 'unauthorized':
    case 'modelNotFound':
    case 'noEndpoint':
    case 'badRequest':
    case 'badReply':
      return 'definite';
    case 'unreachable':
    case 'timeout':
    case 'serverError':
    case 'rateLimited':
    case 'cancelled':
      return 'ambiguous';
  }
}

/** `error` as a ToolError; `action` (e.g. `editFile src/a.ts`) prefixes the message. */
export function toToolError(error: unknown, action: string): ToolError {
  if (error instanceof ToolError) return error;
  const say = (detail: string): string => `${action}: ${detail}`;
  if (error instanceof WorkspaceEscapeError || error instanceof ProtectedPathError) return new ToolError('definite', error.reason, say(error.message));
  if (error instanceof FileNotFoundError) return new ToolError('definite', error.reason, say(error.message));
  if (error instanceof FileExistsError || error instanceof FileChangedError) return new ToolError('definite', error.reason, say(error.message));
  if (error instanceof NotAFileError || error instanceof FileTooLargeError || error instanceof BinaryFileError) {
    return new ToolError('definite', error.reason, say(error.message));
  }
  if (error instanceof FileRefusedError || error instanceof CommandNotStartedError) return new ToolError('definite', error.reason, say(error.message));
  if (error instanceof ModelError) return new ToolError(modelFailureKind(error.reason), error.reason, say(error.message));
  if (error instanceof Error && error.name === 'AbortError') return new ToolError('ambiguous', 'cancelled', say('cancelled'));
  return new ToolError('ambiguous', 'ioError', say(messageOf(error)));
}

/** Fails `definite` when the step was cancelled before the tool started: nothing has happened yet. */
function failIfCancelled(signal: AbortSignal, action: string): void {
  if (signal.aborted) throw new ToolError('definite', 'cancelled', `${action}: cancelled before it started`);
}

/** Runs a tool body: refuses to start when cancelled, and types every failure. */
export async function guarded<T>(action: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  failIfCancelled(signal, action);
  try {
    return await work();
  } catch (error) {
    // A call the cost cap refused was not made: the run pauses, the step has not failed.
    rethrowCostCap(error);
    throw toToolError(error, action);
  }
}

/** The stat of `path`, failing `definite` when it is missing or not a regular file (checked without opening it). */
export async function requireFile(workspace: Workspace, path: string, action: string): Promise<FileStat> {
  const stat = await workspace.stat(path);
  if (!stat) throw new ToolError('definite', 'fileNotFound', `${action}: no file at ${path}`);
  refuseSpecial(stat, path, action);
  return stat;
}

/** The stat of `path` (undefined: nothing there), failing `definite` when something other than a regular file is in the way. */
export async function refuseNonFile(workspace: Workspace, path: string, action: string): Promise<FileStat | undefined> {
  const stat = await workspace.stat(path);
  if (stat) refuseSpecial(stat, path, action);
  return stat;
}

/** Fails `definite` when `stat` is over the read limit, before a byte is read. */
export function refuseTooLarge(stat: FileStat, path: string, maxBytes: number, action: string): void {
  if (stat.size > maxBytes) throw toToolError(new FileTooLargeError(path, stat.size, maxBytes), action);
}

/**
 * Fails `definite` when the file has no write permission bit, as git and editors refuse, unless the step's
 * `allowReadOnly` says to write it anyway. Checked on the mode bits, so it holds for root too.
 */
export function refuseReadOnly(stat: FileStat | undefined, path: string, allowReadOnly: boolean | undefined, action: string): void {
  if (!stat?.readOnly || allowReadOnly) return;
  throw new ToolError('definite', 'readOnly', `${action}: ${path} is read-only (no write permission); not changed. Set "allowReadOnly": true in the step's args to change it anyway (it stays read-only)`);
}

function refuseSpecial(stat: FileStat, path: string, action: string): void {
  if (stat.type !== 'file') throw new ToolError('definite', 'notAFile', `${action}: ${path} is ${describeFileType(stat.type)}, not a regular file`);
}
