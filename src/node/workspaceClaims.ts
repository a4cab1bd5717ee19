// The WriteClaims port over a workspace folder: what every run's running steps write, kept in
// `.planwright/claims/`, one small JSON file per run (its process, what its steps hold and wait for), read and
// changed only under one short workspace-level lock (the per-file write lock on `claims/table`). A run whose
// process died (kill -9, a crash) has its file removed the next time anyone claims: its claims are released.
// A step that must wait polls, backing off, and tells `onWait` whom it waits for, and when it stops waiting.
import { hostname } from 'node:os';
import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { WriteClaimDeadlockError } from '../core/errors';
import type { ClaimHolder, ClaimRequest, WriteClaims } from '../core/ports';
import { claimDeadlockText, decideClaim, RunClaimsSchema, withHold, withWait, type RunClaims } from '../core/run/writeClaimTable';
import { errorCode } from './errorCode';
import { processAlive } from './processAlive';
import { holdWriteLock } from './writeLock';

/** Hears a step start waiting for another run's step (`holder`), and stop (`undefined`). */
export type ClaimWaitListener = (request: ClaimRequest, holder: ClaimHolder | undefined) => void;

/** The claims folder of the workspace at `root`. */
export function claimsFolderOf(root: string): string {
  return nodePath.join(root, '.planwright', 'claims');
}

const ClaimFileSchema = z.object({ pid: z.number().int(), host: z.string(), claims: RunClaimsSchema });

/** The longest pause between two looks at a claim a step waits for. */
const MAX_PAUSE_MS = 100;

/** Claims kept in the workspace at `root`, for this process's runs. */
export function workspaceClaims(root: string, onWait?: ClaimWaitListener): WriteClaims {
  const folder = claimsFolderOf(root);
  const fileOf = (runId: string) => nodePath.join(folder, `${encodeURIComponent(runId)}.json`);

  const write = async (entry: RunClaims) => {
    const file = fileOf(entry.runId);
    if (entry.holds.length === 0 && entry.waits.length === 0) return unlink(file).catch(() => undefined);
    const beside = `${file}.${process.pid}.tmp`;
    await writeFile(beside, JSON.stringify({ pid: process.pid, host: hostname(), claims: entry }));
    await rename(beside, file);
  };
  // The folder is made once; made again when it was removed meanwhile (the lock cannot be created in it).
  let prepared = false;
  const prepare = async () => {
    await mkdir(folder, { recursive: true });
    await writeFile(nodePath.join(folder, '.gitignore'), '*\n', { flag: 'wx' }).catch(() => undefined);
    prepared = true;
  };
  const lock = async () => {
    if (!prepared) await prepare();
    try {
      return await holdWriteLock(nodePath.join(folder, 'table'), '.planwright/claims');
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
      await prepare();
      return holdWriteLock(nodePath.join(folder, 'table'), '.planwright/claims');
    }
  };
  /** Runs `change` on the table of every live run's claims, under the workspace's claims lock. */
  const locked = async <T>(change: (table: RunClaims[]) => Promise<T>): Promise<T> => {
    const unlock = await lock();
    try {
      return await change(await liveTable(folder));
    } finally {
      await unlock();
    }
  };

  return {
    async claim(request, signal) {
      const { runId, stepId } = request;
      let waitingOn: string | undefined;
      for (let pause = 5; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
        signal.throwIfAborted();
        const decision = await locked(async (table) => {
          const decided = decideClaim(table, request);
          await write(decided.kind === 'granted' ? withHold(table, request) : withWait(table, runId, stepId, decided.kind === 'wait' ? decided.holder : undefined));
          return decided;
        });
        if (decision.kind === 'granted') {
          if (waitingOn !== undefined) onWait?.(request, undefined);
          return () => locked((table) => write(withWait(table, runId, stepId)));
        }
        if (decision.kind === 'deadlock') {
          if (waitingOn !== undefined) onWait?.(request, undefined);
          throw new WriteClaimDeadlockError(claimDeadlockText(request, decision.holder));
        }
        const holder = decision.holder;
        const key = `${holder.runId}\u0000${holder.stepId}\u0000${holder.path}`;
        if (key !== waitingOn) onWait?.(request, holder);
        waitingOn = key;
        try {
          await delay(pause, undefined, { signal });
        } catch (error) {
          await locked((table) => write(withWait(table, runId, stepId)));
          onWait?.(request, undefined);
          throw error;
        }
      }
    },
  };
}

/** Every run's claims in `folder`; the files of runs whose process died on this host are removed (their claims released). */
async function liveTable(folder: string): Promise<RunClaims[]> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.json'));
  const table: RunClaims[] = [];
  for (const name of names) {
    const file = nodePath.join(folder, name);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') continue;
      throw error;
    }
    const parsed = ClaimFileSchema.safeParse(safeJson(text));
    // A file no live process stands behind holds nothing: written whole by rename, so a bad one is not a torn write.
    if (!parsed.success || (parsed.data.host === hostname() && !processAlive(parsed.data.pid))) {
      await unlink(file).catch(() => undefined);
      continue;
    }
    table.push(parsed.data.claims);
  }
  return table;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
