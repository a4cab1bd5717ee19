// The Workspace port over `vscode.workspace.fs`, for one folder Uri, so plans run the same in a local,
// remote (SSH, containers, WSL, code-server) or virtual workspace. Confinement is the Node adapter's:
// the pure rule (no `..`, not absolute, no NUL) for every scheme, and for `file:` folders the
// WorkspaceResolver's realpath check too, so a symlink cannot lead out. The file type is checked before
// anything is opened and the size before anything is read: `file:` folders use the Node adapter's reads
// (src/node/fileReading.ts), which tell a FIFO, socket or device from a file; other file systems have
// only files and folders. Whole-file writes go to a temp file in the same folder that is then renamed
// over the target; file: folders write over seen bytes and append as the Node adapter does (fileReplace.ts,
// fileAppend.ts). Errors are the port's typed errors (portError.ts); search is findFilesIn.ts's.
import { randomBytes } from 'node:crypto';
import { chmod, stat as nodeStat } from 'node:fs/promises';
import * as vscode from 'vscode';
import { FileChangedError, FileExistsError, FileNotFoundError, FileTooLargeError, NotAFileError, WorkspaceEscapeError } from '../../core/errors';
import type { FileStat, ReadOptions, Workspace } from '../../core/ports';
import { DEFAULT_MAX_READ_BYTES } from '../../core/tools/defineTool';
import { MAX_REAPPLY_ATTEMPTS } from '../../core/tools/seenWrite';
import { decodeText, fileStatOf, readRegularChunks, readRegularFile, refusedAs } from '../../node/fileReading';
import { workspacePathProblem } from '../../core/workspacePath';
import { appendToFile } from '../../node/fileAppend';
import { replaceIfUnchanged } from '../../node/fileReplace';
import { listAllFiles } from '../../node/listAllFiles';
import { WorkspaceResolver } from '../../node/workspaceResolver';
import { findFilesIn } from './findFilesIn';
import { errorCode, isFolder, notAFile, portError } from './portError';

const encoder = new TextEncoder();
// ignoreBOM keeps a byte order mark in the text, as Node's readFile does, so a rewrite keeps it too.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Where a workspace path lands: `target` for reading and writing, `entry` (the link itself) for delete and rename. */
interface ResolvedUri {
  readonly target: vscode.Uri;
  readonly entry: vscode.Uri;
}

/** A workspace rooted at one folder of any file system VS Code can open. */
export class VscodeWorkspace implements Workspace {
  /** Only for `file:` folders, whose real paths the extension host can see. */
  private readonly resolver: WorkspaceResolver | undefined;
  private readonly ignoreCase: boolean;

  /** `folder` is the workspace root, usually a `WorkspaceFolder.uri`; `protectedPaths` (absolute) are the run's own files. */
  constructor(
    readonly folder: vscode.Uri,
    protectedPaths: readonly string[] = [],
  ) {
    this.resolver = folder.scheme === 'file' ? new WorkspaceResolver(folder.fsPath, protectedPaths) : undefined;
    // git's core.ignorecase default follows the disk; a virtual file system is taken as case-sensitive.
    this.ignoreCase = folder.scheme === 'file' && (process.platform === 'darwin' || process.platform === 'win32');
  }

  async readFile(path: string, options?: ReadOptions): Promise<string> {
    const { target } = await this.resolve(path);
    const maxBytes = options?.maxBytes ?? DEFAULT_MAX_READ_BYTES;
    if (target.scheme === 'file') return readRegularFile(target.fsPath, path, maxBytes);
    return decodeText(await this.readBytes(target, path, maxBytes), path);
  }

  async *readTextChunks(path: string): AsyncIterable<string> {
    const { target } = await this.resolve(path);
    if (target.scheme === 'file') {
      yield* readRegularChunks(target.fsPath, path);
      return;
    }
    // workspace.fs reads whole files only: the piece is the file, its type checked first all the same.
    yield decoder.decode(await this.readBytes(target, path, Number.POSITIVE_INFINITY));
  }

  async writeFile(path: string, content: string): Promise<void> {
    const { target } = await this.resolve(path);
    await this.replace(path, target, encoder.encode(content));
  }

  async writeFileIfUnchanged(path: string, seen: string | null, content: string): Promise<void> {
    const { target } = await this.resolve(path);
    if (target.scheme === 'file') return replaceIfUnchanged(target.fsPath, path, seen, content);
    // workspace.fs has no lock nor link(): check, then replace; a change in between is not seen (docs/executor.md).
    await this.refuseSpecial(target, path);
    const now = await this.currentBytes(target, path);
    if (now === null ? seen !== null : seen === null || !sameBytes(now, encoder.encode(seen))) throw new FileChangedError(path);
    await this.replace(path, target, encoder.encode(content));
  }

  async appendFile(path: string, content: string): Promise<void> {
    const { target } = await this.resolve(path);
    if (target.scheme === 'file') return appendToFile(target.fsPath, path, content);
    await this.refuseSpecial(target, path);
    // workspace.fs has no append: read, then replace over exactly what was read, again on a fresh read
    // when the file changed in between, so text others added meanwhile is kept.
    for (let attempt = 1; ; attempt++) {
      const before = await this.currentBytes(target, path);
      const seen = before === null ? null : decoder.decode(before);
      try {
        return await this.writeFileIfUnchanged(path, seen, (seen ?? '') + content);
      } catch (error) {
        if (!(error instanceof FileChangedError) || attempt >= MAX_REAPPLY_ATTEMPTS) throw error;
      }
    }
  }

  async deleteFile(path: string): Promise<void> {
    const { entry } = await this.resolve(path);
    const stat = await this.statUri(entry, path);
    if (!stat) throw new FileNotFoundError(path);
    // A link is removed as a link, wherever it points (`entry` is the link itself).
    if (isFolder(stat) && (stat.type & vscode.FileType.SymbolicLink) === 0) throw notAFile(path, 'delete', 'a folder');
    try {
      await vscode.workspace.fs.delete(entry, { recursive: false, useTrash: false });
    } catch (error) {
      throw portError(error, path);
    }
  }

  async rename(from: string, to: string): Promise<void> {
    const source = await this.resolve(from);
    const destination = await this.resolve(to);
    if (!(await this.statUri(source.entry, from))) throw new FileNotFoundError(from);
    await this.createParent(destination.entry, to);
    try {
      // overwrite: false makes the file system refuse an existing target. It checks, then renames: a
      // target created in between by another process is replaced (Node's adapter closes that with link()).
      await vscode.workspace.fs.rename(source.entry, destination.entry, { overwrite: false });
    } catch (error) {
      if (errorCode(error) === 'FileExists') throw new FileExistsError(to);
      throw portError(error, from);
    }
  }

  async stat(path: string): Promise<FileStat | undefined> {
    const { target } = await this.resolve(path);
    if (target.scheme === 'file') {
      // workspace.fs calls a FIFO, socket or device `Unknown`; Node's stat names it (without opening it).
      const stats = await nodeStat(target.fsPath).catch((error: unknown) => {
        const refused = refusedAs(error, path);
        if (refused instanceof FileNotFoundError) return undefined;
        throw refused;
      });
      return stats ? fileStatOf(stats) : undefined;
    }
    const stat = await this.statUri(target, path);
    if (!stat) return undefined;
    const type = isFolder(stat) ? 'directory' : (stat.type & vscode.FileType.File) !== 0 ? 'file' : 'other';
    return { type, size: stat.size, readOnly: ((stat.permissions ?? 0) & vscode.FilePermission.Readonly) !== 0 };
  }

  async findFiles(glob: string, options?: { readonly limit?: number }): Promise<readonly string[]> {
    return findFilesIn(this.folder, glob, { ignoreCase: this.ignoreCase, limit: options?.limit, resolve: (path) => this.resolve(path) });
  }

  /**
   * For a `file:` folder, the Node listing (git's index, ripgrep, else a walk), which applies .gitignore but
   * not the user's files.exclude: counts may include excluded files. Elsewhere, findFiles over everything.
   */
  async listAllFiles(): Promise<readonly string[]> {
    if (this.resolver) return (await listAllFiles(this.resolver)).files;
    return this.findFiles('**/*');
  }

  /** Resolves a workspace path to Uris inside the folder, or rejects with WorkspaceEscapeError. */
  private async resolve(path: string): Promise<ResolvedUri> {
    if (this.resolver) {
      const { target, entry } = await this.resolver.resolve(path);
      return { target: vscode.Uri.file(target), entry: vscode.Uri.file(entry) };
    }
    const problem = workspacePathProblem(path);
    if (problem) throw new WorkspaceEscapeError(path, problem);
    const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
    if (segments.length === 0) throw new WorkspaceEscapeError(path, 'names the workspace root itself, not a file in it');
    const uri = vscode.Uri.joinPath(this.folder, ...segments);
    return { target: uri, entry: uri };
  }

  /** The bytes of the regular file at a non-`file:` `target`, its type and size checked before it is read. */
  private async readBytes(target: vscode.Uri, path: string, maxBytes: number): Promise<Uint8Array> {
    const stat = await this.statUri(target, path);
    if (!stat) throw new FileNotFoundError(path);
    if (isFolder(stat)) throw new NotAFileError(path, 'directory');
    if ((stat.type & vscode.FileType.File) === 0) throw new NotAFileError(path, 'other');
    if (stat.size > maxBytes) throw new FileTooLargeError(path, stat.size, maxBytes);
    try {
      const bytes = await vscode.workspace.fs.readFile(target);
      if (bytes.length > maxBytes) throw new FileTooLargeError(path, bytes.length, maxBytes);
      return bytes;
    } catch (error) {
      throw portError(error, path);
    }
  }

  /** The bytes at a non-`file:` `target`, or null when nothing is there. */
  private currentBytes(target: vscode.Uri, path: string): Promise<Uint8Array | null> {
    return Promise.resolve(vscode.workspace.fs.readFile(target)).then(
      (bytes) => bytes,
      (error: unknown) => {
        if (errorCode(error) === 'FileNotFound') return null;
        throw portError(error, path);
      },
    );
  }

  /** Refuses, before anything is opened, when something other than a regular file (or nothing) is at `target`. */
  private async refuseSpecial(target: vscode.Uri, path: string): Promise<void> {
    if (target.scheme === 'file') {
      const stat = await this.stat(path);
      if (stat && stat.type !== 'file') throw new NotAFileError(path, stat.type);
      return;
    }
    const stat = await this.statUri(target, path);
    if (stat && isFolder(stat)) throw new NotAFileError(path, 'directory');
    if (stat && (stat.type & vscode.FileType.File) === 0) throw new NotAFileError(path, 'other');
  }

  /** Writes `bytes` next to `target` and renames them over it, keeping the old permission bits. */
  private async replace(path: string, target: vscode.Uri, bytes: Uint8Array): Promise<void> {
    // A rename over a folder would delete the folder first (the disk provider's overwrite), and one over a
    // FIFO or device would replace it: refuse both.
    await this.refuseSpecial(target, path);
    const existing = await this.statUri(target, path);
    const parent = vscode.Uri.joinPath(target, '..');
    await this.createParent(target, path);
    // A short fixed-length name: one built from the target's name would push a 255-byte name over the limit.
    const temp = vscode.Uri.joinPath(parent, `.planwright-${randomBytes(6).toString('hex')}.tmp`);
    try {
      await vscode.workspace.fs.writeFile(temp, bytes);
      if (existing && target.scheme === 'file') await keepMode(target.fsPath, temp.fsPath);
      await vscode.workspace.fs.rename(temp, target, { overwrite: true });
    } catch (error) {
      await Promise.resolve(vscode.workspace.fs.delete(temp, { useTrash: false })).catch(() => undefined);
      throw portError(error, path);
    }
  }

  private async createParent(uri: vscode.Uri, path: string): Promise<void> {
    try {
      await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
    } catch (error) {
      // A file where a folder should be: nothing was written.
      if (errorCode(error) === 'FileExists' || errorCode(error) === 'FileNotADirectory') throw notAFile(path, 'create the folder of', 'below a file');
      throw portError(error, path);
    }
  }

  /** What is at `uri`, or `undefined` when nothing is. */
  private async statUri(uri: vscode.Uri, path: string): Promise<vscode.FileStat | undefined> {
    try {
      return await vscode.workspace.fs.stat(uri);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'FileNotFound' || code === 'FileNotADirectory') return undefined;
      throw portError(error, path);
    }
  }
}

/** Whether two byte arrays hold the same bytes. */
function sameBytes(left: Uint8Array, right: Uint8Array): boolean {
  return left.length === right.length && left.every((byte, index) => byte === right[index]);
}

/** Keeps the permission bits of the file being replaced, so an atomic write does not drop `+x`. */
async function keepMode(target: string, temp: string): Promise<void> {
  const previous = await nodeStat(target).catch(() => undefined);
  if (previous) await chmod(temp, previous.mode & 0o7777).catch(() => undefined);
}
