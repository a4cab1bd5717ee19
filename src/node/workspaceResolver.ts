// Confinement of workspace paths on the real file system: every path a Node adapter touches goes
// through here first. The pure rule (no `..`, not absolute, no NUL) runs before any file-system call;
// then symlinks are followed with realpath and the result compared with realpath(root), so a link or a
// linked folder pointing outside is refused before anything is read or written. Callers then use the
// resolved real path, so a link is not followed a second time; a link swapped by another local process
// between the check and the use is a race this cannot close without openat-style APIs Node lacks.
// The run's own files (journal, trace, the folder of runs) are refused the same way, on real paths: a
// path that lands on one, inside a protected folder, or on a folder above one (whose rename would move it).
import { lstat, readlink, realpath } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { ProtectedPathError, WorkspaceEscapeError } from '../core/errors';
import { errorCode } from './errorCode';
import { workspacePathProblem } from '../core/workspacePath';

/** Where a workspace path lands: `target` follows a final symlink, `entry` is the directory entry itself. */
export interface ResolvedPath {
  /** Real path of what the path points at (or would be created at), for reads and writes. */
  readonly target: string;
  /** Real parent folder joined with the last segment: the entry to unlink or rename. */
  readonly entry: string;
}

/** Symlink hops followed before a chain is treated as a loop (Linux's own limit is 40). */
const MAX_LINK_HOPS = 40;

/** Resolves workspace-relative paths to real absolute paths inside one root, refusing everything else. */
export class WorkspaceResolver {
  private rootReal: Promise<string> | undefined;
  private protectedReal: Promise<readonly string[]> | undefined;

  /** `root` is the workspace folder, as given by the host; `protectedPaths` (absolute) are the run's own files and folders. */
  constructor(
    readonly root: string,
    private readonly protectedPaths: readonly string[] = [],
  ) {}

  /** The real path of the root; computed once. */
  realRoot(): Promise<string> {
    this.rootReal ??= realpath(nodePath.resolve(this.root));
    return this.rootReal;
  }

  /**
   * Resolves `path`, or rejects with `WorkspaceEscapeError` when it leaves the root. The root itself
   * (`.`) is refused unless `allowRoot`: a file operation on it would work in the folder above.
   */
  async resolve(path: string, options: { readonly allowRoot?: boolean } = {}): Promise<ResolvedPath> {
    const problem = workspacePathProblem(path);
    if (problem) throw new WorkspaceEscapeError(path, problem);
    const root = await this.realRoot();
    const lexical = nodePath.resolve(root, path);
    if (!isInside(root, lexical)) throw new WorkspaceEscapeError(path, 'resolves outside the root');
    if (lexical === root) {
      if (options.allowRoot) return { target: root, entry: root };
      throw new WorkspaceEscapeError(path, 'names the workspace root itself, not a file in it');
    }
    const parent = await this.follow(path, nodePath.dirname(lexical), root, 0);
    const entry = nodePath.join(parent, nodePath.basename(lexical));
    const target = await this.follow(path, entry, root, 0);
    if (target === root && !options.allowRoot) throw new WorkspaceEscapeError(path, 'is a link to the workspace root itself');
    if (target !== root && (await this.touchesProtected([target, entry]))) throw new ProtectedPathError(path);
    return { target, entry };
  }

  /** True when one of `reals` is a protected path, lies inside one, or is a folder above one. */
  private async touchesProtected(reals: readonly string[]): Promise<boolean> {
    if (this.protectedPaths.length === 0) return false;
    this.protectedReal ??= Promise.all(this.protectedPaths.map(realOrBelow));
    const guarded = await this.protectedReal;
    return reals.some((real) => guarded.some((path) => isInside(path, real) || isInside(real, path)));
  }

  /**
   * The real location of `absolute` with every symlink followed, checked against the root. A missing
   * path is placed under the real location of its nearest existing ancestor; a dangling link is followed
   * to where it points, so writing through it cannot create a file outside.
   */
  private async follow(original: string, absolute: string, root: string, hops: number): Promise<string> {
    if (hops > MAX_LINK_HOPS) throw new WorkspaceEscapeError(original, 'symlink loop');
    const stats = await lstatOrUndefined(absolute);
    let real: string;
    if (stats === undefined) {
      const parent = nodePath.dirname(absolute);
      if (parent === absolute) throw new WorkspaceEscapeError(original, 'has no existing ancestor');
      real = nodePath.join(await this.follow(original, parent, root, hops), nodePath.basename(absolute));
    } else if (stats.isSymbolicLink()) {
      real = await this.followLink(original, absolute, root, hops);
    } else {
      real = await realpath(absolute);
    }
    // Compared on real paths, so case variants and links both reduce to the spelling the disk uses.
    if (!isInside(root, real)) throw new WorkspaceEscapeError(original, 'resolves outside the root (through a symlink)');
    return real;
  }

  private async followLink(original: string, link: string, root: string, hops: number): Promise<string> {
    try {
      return await realpath(link);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ELOOP') throw new WorkspaceEscapeError(original, 'symlink loop');
      if (code !== 'ENOENT') throw error;
    }
    const pointsAt = nodePath.resolve(nodePath.dirname(link), await readlink(link));
    return this.follow(original, pointsAt, root, hops + 1);
  }
}

/** True when `candidate` is `root` or below it; separator-aware so `/ws-evil` is not inside `/ws`. */
export function isInside(root: string, candidate: string): boolean {
  if (candidate === root) return true;
  const prefix = root.endsWith(nodePath.sep) ? root : root + nodePath.sep;
  return candidate.startsWith(prefix);
}

/** What `resolving` gives, or `undefined` when it rejects because the path leads out or is one of the run's own files. */
export async function insideOrUndefined<T>(resolving: Promise<T>): Promise<T | undefined> {
  try {
    return await resolving;
  } catch (error) {
    if (error instanceof WorkspaceEscapeError || error instanceof ProtectedPathError) return undefined;
    throw error;
  }
}

/** The real path of `absolute`, or of its nearest existing ancestor joined with the rest when it does not exist yet. */
async function realOrBelow(absolute: string): Promise<string> {
  try {
    return await realpath(absolute);
  } catch {
    const parent = nodePath.dirname(absolute);
    return parent === absolute ? absolute : nodePath.join(await realOrBelow(parent), nodePath.basename(absolute));
  }
}

async function lstatOrUndefined(absolute: string) {
  try {
    return await lstat(absolute);
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
    throw error;
  }
}
