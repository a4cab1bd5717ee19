// Temporary folders for tests that need a real file system, and ways to capture a folder's exact state
// (entries, contents, link targets; or entries, sizes and modification times) so a test can prove nothing
// in it changed.
import { lstat, mkdtemp, readdir, readFile, readlink, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/** A fresh folder under the OS temp folder, as a real path (macOS's /tmp is a link). */
export async function makeTempDir(): Promise<string> {
  return realpath(await mkdtemp(path.join(tmpdir(), 'planwright-test-')));
}

/** Removes a folder made by `makeTempDir`. */
export async function removeTempDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Every entry below `dir` (links not followed) mapped to its content, link target or `<dir>`. */
export async function captureTree(dir: string): Promise<Record<string, string>> {
  const tree: Record<string, string> = {};
  const walk = async (relative: string): Promise<void> => {
    for (const name of (await readdir(path.join(dir, relative))).sort()) {
      const entry = path.join(relative, name);
      const full = path.join(dir, entry);
      const stats = await lstat(full);
      if (stats.isSymbolicLink()) tree[entry] = `<link ${await readlink(full)}>`;
      else if (stats.isDirectory()) {
        tree[entry] = '<dir>';
        await walk(entry);
      } else tree[entry] = await readFile(full, 'utf8');
    }
  };
  await walk('');
  return tree;
}

/**
 * Every entry below `dir` (links not followed) but those `skip` names (a skipped folder is not entered), mapped
 * to its type, size and modification time, or its link target: any write, even one that keeps the content or
 * removes again what it created (the folder's time moves), shows.
 */
export async function captureListing(dir: string, skip: (entry: string) => boolean = () => false): Promise<Record<string, string>> {
  const listing: Record<string, string> = {};
  const walk = async (relative: string): Promise<void> => {
    for (const name of (await readdir(path.join(dir, relative))).sort()) {
      const entry = path.join(relative, name);
      if (skip(entry)) continue;
      const full = path.join(dir, entry);
      const stats = await lstat(full);
      if (stats.isSymbolicLink()) listing[entry] = `<link ${await readlink(full)}>`;
      else {
        listing[entry] = `${stats.isDirectory() ? 'folder' : 'file'} ${stats.size} bytes, modified ${stats.mtimeMs}`;
        if (stats.isDirectory()) await walk(entry);
      }
    }
  };
  await walk('');
  return listing;
}
