// How a `vscode.workspace.fs` failure becomes the Workspace port's typed error: chosen by FileSystemError
// code, never by message, so the executor can tell a missing file from a refused one.
import * as vscode from 'vscode';
import { FileExistsError, FileNotFoundError, ToolError } from '../../core/errors';

/** The `code` of a FileSystemError (`FileNotFound`, `FileExists`, `NoPermissions`, ...), or `undefined`. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof vscode.FileSystemError ? error.code : undefined;
}

/** A file system error as the port's typed error, where there is one; others pass through. */
export function portError(error: unknown, path: string): unknown {
  switch (errorCode(error)) {
    case 'FileNotFound':
    case 'FileNotADirectory':
      return new FileNotFoundError(path);
    case 'FileExists':
      return new FileExistsError(path);
    case 'FileIsADirectory':
      return notAFile(path, 'read or write', 'a folder');
    case 'NoPermissions':
      // Refused before anything happened: definite, so the step is re-planned rather than retried.
      return new ToolError('definite', 'noPermission', `No permission to change or read ${path}.`);
    default:
      return error;
  }
}

/** The port's error for a path that is something other than a file where a file is needed. */
export function notAFile(path: string, action: string, what: string): ToolError {
  return new ToolError('definite', 'notAFile', `Cannot ${action} ${path}: it is ${what}, not a file.`);
}

/** A folder, or a link to one; a link to a file counts as a file. */
export function isFolder(stat: vscode.FileStat): boolean {
  return (stat.type & vscode.FileType.Directory) !== 0;
}
