// The Workspace port over node:fs/promises. Every path goes through WorkspaceResolver before any read
// or write, so nothing outside the root is touched; whole-file writes go to a temp file in the same
// folder and are renamed into place, so a crash leaves the old content or the new, never half of each.
import { randomBytes } from 'node:crypto';
import { appendFile, chmod, link, lstat, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { FileExistsError, FileNotFoundError } from '../core/errors';
import type { FileStat, Workspace } from '../core/ports';
import { findWorkspaceFiles } from './findWorkspaceFiles';
import { listAllFiles } from './listAllFiles';
import { errorCode, WorkspaceResolver } from './workspaceResolver';

/** A workspace rooted at a folder on the local disk. */
export class NodeWorkspace implements Workspace {
  private readonly resolver: WorkspaceResolver;

  /** `root` is the workspace folder; every path is taken relative to it. `protectedPaths` (absolute) are the run's own files. */
  constructor(root: string, protectedPaths: readonly string[] = []) {
    this.resolver = new WorkspaceResolver(root, protectedPaths);
  }

  async readFile(path: string): Promise<string> {
    const { target } = await this.resolver.resolve(path);
    try {
      return await readFile(target, 'utf8');
    } catch (error) {
      throw notFoundAs(error, path);
    }
  }

  async writeFile(path: string, content: string): Promise<void> {
    const { target } = await this.resolver.resolve(path);
    const folder = nodePath.dirname(target);
    await mkdir(folder, { recursive: true });
    const temp = nodePath.join(folder, `.${nodePath.basename(target)}.${randomBytes(6).toString('hex')}.planwright-tmp`);
    try {
      await writeFile(temp, content, { encoding: 'utf8', flag: 'wx' });
      await keepMode(target, temp);
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  async appendFile(path: string, content: string): Promise<void> {
    const { target } = await this.resolver.resolve(path);
    await mkdir(nodePath.dirname(target), { recursive: true });
    await appendFile(target, content, 'utf8');
  }

  async deleteFile(path: string): Promise<void> {
    const { entry } = await this.resolver.resolve(path);
    try {
      await unlink(entry);
    } catch (error) {
      throw notFoundAs(error, path);
    }
  }

  async rename(from: string, to: string): Promise<void> {
    const source = await this.resolver.resolve(from);
    const destination = await this.resolver.resolve(to);
    const sourceStats = await lstat(source.entry).catch((error: unknown) => {
      throw notFoundAs(error, from);
    });
    await mkdir(nodePath.dirname(destination.entry), { recursive: true });
    if (sourceStats.isFile()) {
      // link() fails with EEXIST instead of replacing, which rename() cannot promise: no check-then-act race.
      try {
        await link(source.entry, destination.entry);
      } catch (error) {
        if (errorCode(error) === 'EEXIST') throw new FileExistsError(to);
        if (!['EPERM', 'EXDEV', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP'].includes(errorCode(error) ?? '')) throw error;
        return this.renameUnlinkable(source.entry, destination.entry, to);
      }
      await unlink(source.entry);
      return;
    }
    await this.renameUnlinkable(source.entry, destination.entry, to);
  }

  async stat(path: string): Promise<FileStat | undefined> {
    const { target } = await this.resolver.resolve(path);
    try {
      const stats = await stat(target);
      const type = stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
      return { type, size: stats.size };
    } catch (error) {
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
      throw error;
    }
  }

  findFiles(glob: string, options?: { readonly limit?: number }): Promise<readonly string[]> {
    return findWorkspaceFiles(this.resolver, glob, options?.limit);
  }

  async listAllFiles(): Promise<readonly string[]> {
    return (await listAllFiles(this.resolver)).files;
  }

  /** Folders, symlinks and file systems without hard links: check, then rename (a small race remains). */
  private async renameUnlinkable(source: string, destination: string, to: string): Promise<void> {
    const existing = await lstat(destination).catch(() => undefined);
    if (existing) throw new FileExistsError(to);
    await rename(source, destination);
  }
}

/** Keeps the permission bits of the file being replaced, so an atomic write does not drop `+x`. */
async function keepMode(target: string, temp: string): Promise<void> {
  const previous = await stat(target).catch(() => undefined);
  if (previous) await chmod(temp, previous.mode & 0o7777);
}

function notFoundAs(error: unknown, path: string): unknown {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR' ? new FileNotFoundError(path) : error;
}
