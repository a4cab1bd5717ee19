// The run lease over Node: a lock file beside the journal (`<journal>.lease`) holding the holder's pid, host
// and start time, created with O_EXCL so exactly one process gets it. A lease whose holder is no longer alive
// on this host (kill -9, a crash, a power cut) is taken over, so resume after a crash works as before; one
// held from another host cannot be checked and is refused, naming that host.
import { hostname } from 'node:os';
import { link, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { RunLeaseHeldError, type RunLeaseHolder } from '../core/errors';
import type { RunLeases } from '../core/ports';
import { errorCode } from './errorCode';
import { processAlive } from './processAlive';

/** A lease file with no valid holder this long after it was written lost its holder between create and write. */
const UNREADABLE_GRACE_MS = 2_000;

const HolderSchema = z.object({ pid: z.number().int(), host: z.string(), since: z.number() });

/** The lease file of the journal at `journalPath`. */
export function leasePathOf(journalPath: string): string {
  return `${journalPath}.lease`;
}

/** The name a run goes by in a refusal: its journal's name without `.journal.jsonl` (the run id for default journals). */
export function runNameOf(journalPath: string): string {
  const name = journalPath.split(/[\\/]/).at(-1) ?? journalPath;
  return name.replace(/\.journal\.jsonl$/, '');
}

/** What a refusal says of a holder: its pid, its host when it is not this one, and since when (`10:42`, local time). */
export function holderParts(holder: RunLeaseHolder): { readonly pid: number; readonly host?: string; readonly since: string } {
  const since = new Date(holder.since);
  const clock = `${String(since.getHours()).padStart(2, '0')}:${String(since.getMinutes()).padStart(2, '0')}`;
  return { pid: holder.pid, ...(holder.host !== hostname() ? { host: holder.host } : {}), since: clock };
}

/** Who holds the lease of the journal at `journalPath` now: a live holder on this host, or one on another (which cannot be checked); undefined when none does. */
export async function liveHolder(journalPath: string): Promise<RunLeaseHolder | undefined> {
  const holder = await holderOf(leasePathOf(journalPath)).catch(() => undefined);
  if (holder === undefined || holder === 'unreadable') return undefined;
  return holder.host !== hostname() || processAlive(holder.pid) ? holder : undefined;
}

/** Leases as lock files beside each journal, for this process. */
export const nodeRunLeases: RunLeases = {
  async acquire(journalPath) {
    const lease = leasePathOf(journalPath);
    const mine: RunLeaseHolder = { pid: process.pid, host: hostname(), since: Date.now() };
    // A new run's journal folder is made when its first record is written; the lease comes before that.
    await mkdir(dirname(lease), { recursive: true });
    for (;;) {
      if (await create(lease, mine)) return { release: () => releaseIfMine(lease, mine) };
      const holder = await holderOf(lease);
      if (holder === undefined) continue;
      if (holder === 'unreadable' && (await youngerThan(lease, UNREADABLE_GRACE_MS))) {
        // Just created, its holder not yet written: give it the moment it needs.
        await delay(10);
        continue;
      }
      if (holder !== 'unreadable' && (holder.host !== mine.host || processAlive(holder.pid))) throw new RunLeaseHeldError(runNameOf(journalPath), holder);
      await takeOver(lease, holder);
    }
  },
};

/** Whether the file at `path` was last written less than `ms` ago (false when it is gone). */
async function youngerThan(path: string, ms: number): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  return info !== undefined && Date.now() - info.mtimeMs < ms;
}

/** Creates the lease file holding `holder`; false when one is already there. */
async function create(lease: string, holder: RunLeaseHolder): Promise<boolean> {
  try {
    const handle = await open(lease, 'wx');
    try {
      await handle.writeFile(JSON.stringify(holder));
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

/** Who holds `lease`: undefined when it is gone meanwhile, `unreadable` when it holds no valid holder (torn by a crash). */
async function holderOf(lease: string): Promise<RunLeaseHolder | 'unreadable' | undefined> {
  let text: string;
  try {
    text = await readFile(lease, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return HolderSchema.parse(JSON.parse(text));
  } catch {
    return 'unreadable';
  }
}

/**
 * Moves the dead holder's lease aside, then removes it. Two processes may judge the same lease dead at once:
 * the one that moved a lease that is no longer the dead one (another taker's fresh lease) puts it back.
 */
async function takeOver(lease: string, dead: RunLeaseHolder | 'unreadable'): Promise<void> {
  const aside = `${lease}.${randomBytes(4).toString('hex')}.stale`;
  try {
    await rename(lease, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = await holderOf(aside);
  const same = moved === 'unreadable' ? dead === 'unreadable' : moved !== undefined && dead !== 'unreadable' && moved.pid === dead.pid && moved.since === dead.since;
  if (!same) await link(aside, lease).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

/** Removes the lease when it is still this process's own. */
async function releaseIfMine(lease: string, mine: RunLeaseHolder): Promise<void> {
  const holder = await holderOf(lease).catch(() => undefined);
  if (holder && holder !== 'unreadable' && holder.pid === mine.pid && holder.since === mine.since) await unlink(lease).catch(() => undefined);
}
