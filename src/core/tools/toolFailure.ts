// How tools fail: the one place that turns whatever a port threw into a ToolError of the right kind.
// Typed errors that prove nothing happened (a missing file, a path outside the workspace, a refused
// model request) are `definite`; anything that leaves the effect in doubt is `ambiguous`.
import { FileExistsError, FileNotFoundError, ModelError, ProtectedPathError, ToolError, WorkspaceEscapeError, type FailureKind, type ModelErrorReason } from '../errors';
import type { FileStat, Workspace } from '../ports';
import { messageOf } from '../textPreview';

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
  if (error instanceof FileExistsError) return new ToolError('definite', error.reason, say(error.message));
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
    throw toToolError(error, action);
  }
}

/** The stat of `path`, failing `definite` when it is missing or not a regular file. */
export async function requireFile(workspace: Workspace, path: string, action: string): Promise<FileStat> {
  const stat = await workspace.stat(path);
  if (!stat) throw new ToolError('definite', 'fileNotFound', `${action}: no file at ${path}`);
  if (stat.type !== 'file') throw new ToolError('definite', 'notAFile', `${action}: ${path} is a ${stat.type}, not a file`);
  return stat;
}

/** Fails `definite` when something other than a file is in the way at `path` (a missing file is fine). */
export async function refuseNonFile(workspace: Workspace, path: string, action: string): Promise<void> {
  const stat = await workspace.stat(path);
  if (stat && stat.type !== 'file') throw new ToolError('definite', 'notAFile', `${action}: ${path} is a ${stat.type}, not a file`);
}
