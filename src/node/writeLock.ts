// A short lock on one workspace file, held only between checking that the file still holds what a step
// read and renaming the new content over it. Without it two Planwright processes (two CLI runs, the editor
// and an MCP server) could both pass the check and both rename, the second dropping the first's change.
// The lock is a file created with O_EXCL beside the target holding the holder's pid; one whose holder died
// (kill -9 between check and rename) is taken over, so a crash never blocks the file for good.
import { createHash, randomBytes } from 'node:crypto';
import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { FileRefusedError } from '../core/errors';
import { errorCode } from './errorCode';
import { processAlive } from './processAlive';

/** How long a writer waits for a lock held by a live process before giving up (it is held for microseconds). */
const GIVE_UP_MS = 10_000;
/** A lock file still empty after this long lost its holder between create and write. */
const EMPTY_LOCK_STALE_MS = 2_000;

/** The lock file of `target`: hidden, beside it, named by a digest so a long name cannot exceed the limit. */
export function writeLockPath(target: string): string {
  const digest = createHash('sha256').update(nodePath.basename(target)).digest('hex').slice(0, 12);
  return nodePath.join(nodePath.dirname(target), `.planwright-${digest}.lock`);
}

/** Takes the lock of `target` (`path` names it in errors), waiting while a live process holds it; resolves to its release. */
export async function holdWriteLock(target: string, path: string): Promise<() => Promise<void>> {
  const lock = writeLockPath(target);
  const started = Date.now();
  for (let pause = 1; ; pause = Math.min(pause * 2, 16)) {
    try {
      const handle = await open(lock, 'wx');
      try {
        await handle.writeFile(String(process.pid));
      } finally {
        await handle.close();
      }
      return () => unlink(lock).catch(() => undefined);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const seen = await lockState(lock);
    // Released meanwhile: try again at once (removing it now could remove the next holder's lock).
    if (seen === 'gone') continue;
    if (seen !== 'held') {
      await takeOver(lock, seen.text);
      continue;
    }
    if (Date.now() - started > GIVE_UP_MS) {
      throw new FileRefusedError(path, 'otherRefusal', `another Planwright process held its write lock (${nodePath.basename(lock)}) for over ${GIVE_UP_MS / 1000} s; nothing was written`);
    }
    await delay(pause);
  }
}

/** Whether `lock` is gone, held by a live holder, or stale (its pid is not alive, or it stayed empty: its holder died before writing it). */
async function lockState(lock: string): Promise<'gone' | 'held' | { readonly text: string }> {
  try {
    const text = (await readFile(lock, 'utf8')).trim();
    if (text.length > 0) return processAlive(Number(text)) ? 'held' : { text };
    return Date.now() - (await stat(lock)).mtimeMs > EMPTY_LOCK_STALE_MS ? { text } : 'held';
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'gone';
    throw error;
  }
}

/**
 * Removes the stale lock whose text was `stale`: moved aside first, so a waiter that judged it stale together with
 * another never removes the lock that other one took meanwhile (a moved lock that is not the stale one goes back).
 */
async function takeOver(lock: string, stale: string): Promise<void> {
  const aside = `${lock}.${randomBytes(4).toString('hex')}.stale`;
  try {
    await rename(lock, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = (await readFile(aside, 'utf8').catch(() => '')).trim();
  if (moved !== stale) await link(aside, lock).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}
