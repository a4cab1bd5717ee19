// The Workspace port over node:fs/promises. Every path goes through WorkspaceResolver before any read
// or write, so nothing outside the root is touched; the file type is checked before anything is opened
// (fileReading.ts), so a FIFO, socket or device is refused rather than read or written; whole-file
// writes go to a temp file in the same folder and are renamed into place (fileReplace.ts), so a crash
// leaves the old content or the new, and a conditional write never replaces bytes its caller did not see.
// Appends use O_APPEND and never rewrite the file. A failure that proves nothing changed is a typed error.
import { link, lstat, mkdir, rename, unlink } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { FileExistsError, FileRefusedError } from '../core/errors';
import type { FileStat, ReadOptions, Workspace } from '../core/ports';
import { DEFAULT_MAX_READ_BYTES } from '../core/tools/defineTool';
import { fileStatOf, readRegularChunks, readRegularFile, refusedAs } from './fileReading';
import { findWorkspaceFiles } from './findWorkspaceFiles';
import { listAllFiles } from './listAllFiles';
import { errorCode } from './errorCode';
import { appendToFile } from './fileAppend';
import { replaceFile, replaceIfUnchanged, statOrUndefined } from './fileReplace';
import { WorkspaceResolver, type ResolvedPath } from './workspaceResolver';

/** A workspace rooted at a folder on the local disk. */
export class NodeWorkspace implements Workspace {
  private readonly resolver: WorkspaceResolver;

  /** `root` is the workspace folder; every path is taken relative to it. `protectedPaths` (absolute) are the run's own files. */
  constructor(root: string, protectedPaths: readonly string[] = []) {
    this.resolver = new WorkspaceResolver(root, protectedPaths);
  }

  async readFile(path: string, options?: ReadOptions): Promise<string> {
    const { target } = await this.resolve(path);
    return readRegularFile(target, path, options?.maxBytes ?? DEFAULT_MAX_READ_BYTES);
  }

  async *readTextChunks(path: string): AsyncIterable<string> {
    const { target } = await this.resolve(path);
    yield* readRegularChunks(target, path);
  }

  async writeFile(path: string, content: string): Promise<void> {
    const { target } = await this.resolve(path);
    await replaceFile(target, path, content);
  }

  async writeFileIfUnchanged(path: string, seen: string | null, content: string): Promise<void> {
    const { target } = await this.resolve(path);
    await replaceIfUnchanged(target, path, seen, content);
  }

  async appendFile(path: string, content: string): Promise<void> {
    const { target } = await this.resolve(path);
    await appendToFile(target, path, content);
  }

  async deleteFile(path: string): Promise<void> {
    const { entry } = await this.resolve(path);
    await unlink(entry).catch((error: unknown) => {
      throw refusedAs(error, path);
    });
  }

  async rename(from: string, to: string): Promise<void> {
    const source = await this.resolve(from);
    const destination = await this.resolve(to);
    const sourceStats = await lstat(source.entry).catch((error: unknown) => {
      throw refusedAs(error, from);
    });
    await mkdir(nodePath.dirname(destination.entry), { recursive: true }).catch((error: unknown) => {
      throw refusedAs(error, to);
    });
    if (sourceStats.isFile()) {
      // link() fails with EEXIST instead of replacing, which rename() cannot promise: no check-then-act race.
      try {
        await link(source.entry, destination.entry);
      } catch (error) {
        if (errorCode(error) === 'EEXIST') throw new FileExistsError(to);
        if (!['EPERM', 'EXDEV', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP'].includes(errorCode(error) ?? '')) throw refusedAs(error, to);
        return this.renameUnlinkable(source.entry, destination.entry, from, to);
      }
      await this.unlinkSourceOrUndo(source.entry, destination.entry, from, to);
      return;
    }
    await this.renameUnlinkable(source.entry, destination.entry, from, to);
  }

  async stat(path: string): Promise<FileStat | undefined> {
    const { target } = await this.resolve(path);
    const stats = await statOrUndefined(target, path);
    return stats ? fileStatOf(stats) : undefined;
  }

  findFiles(glob: string, options?: { readonly limit?: number }): Promise<readonly string[]> {
    return findWorkspaceFiles(this.resolver, glob, options?.limit);
  }

  async listAllFiles(): Promise<readonly string[]> {
    return (await listAllFiles(this.resolver)).files;
  }

  /** The resolver's answer, with a refused lookup (name too long, no permission) typed. */
  private resolve(path: string): Promise<ResolvedPath> {
    return this.resolver.resolve(path).catch((error: unknown) => {
      throw refusedAs(error, path);
    });
  }

  /**
   * Removes the old name once the new one exists. When that fails, the new name is removed again so the
   * file keeps exactly one name and the refusal is definite; only if that fails too is the outcome in doubt.
   */
  private async unlinkSourceOrUndo(source: string, destination: string, from: string, to: string): Promise<void> {
    try {
      await unlink(source);
    } catch (error) {
      try {
        await unlink(destination);
      } catch (undoError) {
        throw new Error(`renamed ${from} to ${to} but could not remove ${from} (${errorCode(error) ?? String(error)}) nor ${to} again (${errorCode(undoError) ?? String(undoError)}): the file has both names`);
      }
      const refused = refusedAs(error, from);
      const [reason, why] = refused instanceof FileRefusedError ? [refused.reason, refused.detail] : (['otherRefusal', errorCode(error) ?? String(error)] as const);
      throw new FileRefusedError(from, reason, `could not be removed (${why}); ${to} was removed again, so nothing changed`);
    }
  }

  /** Folders, symlinks and file systems without hard links: check, then rename (a small race remains). */
  private async renameUnlinkable(source: string, destination: string, from: string, to: string): Promise<void> {
    const existing = await lstat(destination).catch(() => undefined);
    if (existing) throw new FileExistsError(to);
    await rename(source, destination).catch((error: unknown) => {
      throw refusedAs(error, from);
    });
  }
}
