// Asking the process that runs a run to pause or cancel it, when that process is another one (the CLI, an MCP
// server, another window): a small file beside the run's journal, `<journal>.stop`, holding what is asked, by
// whom and when. The holder looks for it while it runs, removes it, and does what it says through its own run
// (so the journal records the pause or the cancel as that run's, with the reason given); a request older than the
// holder's lease is left over from an earlier run of the journal and is dropped unread.
import { readFile, unlink, writeFile, rename } from 'node:fs/promises';
import { hostname } from 'node:os';
import { z } from 'zod';
import { errorCode } from './errorCode';

/** What a stop request asks. */
export const StopRequestSchema = z.object({
  action: z.enum(['pause', 'cancel']),
  pid: z.number().int(),
  host: z.string(),
  at: z.number(),
});
/** A stop request, as its file holds it. */
export type StopRequest = z.infer<typeof StopRequestSchema>;

/** How often a holder looks for a request. */
export const STOP_POLL_MS = 250;

/** The stop request file of the journal at `journalPath`. */
export function stopPathOf(journalPath: string): string {
  return `${journalPath}.stop`;
}

/** Asks the holder of the run journalled at `journalPath` to `action` it (written whole, by rename). */
export async function requestStop(journalPath: string, action: StopRequest['action']): Promise<void> {
  const request: StopRequest = { action, pid: process.pid, host: hostname(), at: Date.now() };
  const beside = `${stopPathOf(journalPath)}.${process.pid}.tmp`;
  await writeFile(beside, JSON.stringify(request));
  await rename(beside, stopPathOf(journalPath));
}

/** Takes the request for `journalPath` made at or after `since`, if there is one: it is removed, so it is done once. */
export async function takeStopRequest(journalPath: string, since: number): Promise<StopRequest | undefined> {
  let text: string;
  try {
    text = await readFile(stopPathOf(journalPath), 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  await unlink(stopPathOf(journalPath)).catch(() => undefined);
  let parsed;
  try {
    parsed = StopRequestSchema.safeParse(JSON.parse(text));
  } catch {
    return undefined;
  }
  return parsed.success && parsed.data.at >= since ? parsed.data : undefined;
}

/** Why the run stopped, for its journal: "cancelled from process 4121 (Planwright's Runs view)". */
export function stopReason(request: StopRequest): string {
  const where = request.host === hostname() ? `process ${request.pid}` : `process ${request.pid} on ${request.host}`;
  return `${request.action === 'cancel' ? 'cancelled' : 'paused'} from ${where} (Planwright's Runs view)`;
}

/**
 * Looks for stop requests for `journalPath` every STOP_POLL_MS until `signal` aborts, handing each one made since
 * this call to `onRequest`. Returns at once; the polling ends with the signal.
 */
export function watchStopRequests(journalPath: string, signal: AbortSignal, onRequest: (request: StopRequest) => void): void {
  const since = Date.now();
  const look = async () => {
    if (signal.aborted) return;
    const request = await takeStopRequest(journalPath, since).catch(() => undefined);
    if (request) onRequest(request);
    if (!signal.aborted) timer = later();
  };
  // A long run must not keep the process alive only for this look.
  const later = () => setTimeout(() => void look(), STOP_POLL_MS).unref();
  let timer = later();
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
}
