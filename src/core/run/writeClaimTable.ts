// Which files the running steps of every run of one workspace write, and what a step that needs one of
// them does: the pure decision behind the WriteClaims port. A step claims its whole write set before it
// starts and holds it until it ends. A file another run's step holds makes it wait, unless waiting could
// never end: the holder (or a sub-plan run below the holding step) already waits, directly or through
// others, for a step of the requester's own line (the requester, or the sub-plan step it runs under).
// A run and its sub-plans' runs are one line: they never wait for each other (the run's scheduler orders them).
import { z } from 'zod';
import type { ClaimHolder, ClaimRequest, Localize } from '../ports';
import { englishText } from '../text/englishText';

/** One step's claim: the files it writes and how people count it (`3`, `2.1`). */
const StepClaimSchema = z.object({ stepId: z.string(), step: z.string(), paths: z.array(z.string()) });

/** Another run's step a step waits for. */
const ClaimWaitSchema = z.object({ stepId: z.string(), on: z.object({ runId: z.string(), stepId: z.string() }) });

/** What one run holds and waits for. */
export const RunClaimsSchema = z.object({ runId: z.string(), holds: z.array(StepClaimSchema), waits: z.array(ClaimWaitSchema) });
/** What one run holds and waits for. */
export type RunClaims = z.infer<typeof RunClaimsSchema>;

/** What a claim request gets now. */
export type ClaimDecision = { readonly kind: 'granted' } | { readonly kind: 'wait'; readonly holder: ClaimHolder } | { readonly kind: 'deadlock'; readonly holder: ClaimHolder };

/** "waits for run R's step 3 on src/a.js": what a waiting step says, in the CLI and --json (English) and the tree. */
export function claimWaitText(holder: ClaimHolder, l10n: Localize = englishText): string {
  return l10n.t("waits for run {0}'s step {1} on {2}", holder.runId, holder.step, holder.path);
}

/** Why a step that would wait forever fails instead: the holder and the wait that closes the circle. */
export function claimDeadlockText(request: ClaimRequest, holder: ClaimHolder): string {
  return `${request.paths.length === 1 ? request.paths[0] : 'the files this step writes'}: run ${holder.runId}'s step ${holder.step} holds ${holder.path} and already waits, through its own steps, for this run; waiting would never end, so this step fails and nothing was written`;
}

/** Whether `a` and `b` name the same file or one lies in the other's folder. */
export function pathsOverlap(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** Whether run `runId` is step `stepId` of `parentRunId` itself, or a sub-plan run below that step (at any depth). */
function runsUnder(runId: string, parentRunId: string, stepId: string): boolean {
  return runId.startsWith(`${parentRunId}.${stepId}-`);
}

/** Whether two runs are one line: the same run, or one a sub-plan run below the other. */
export function sameLine(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

/** The first claim of another line's step on a file `request` writes. */
function holderOf(table: readonly RunClaims[], request: ClaimRequest): ClaimHolder | undefined {
  for (const run of table) {
    if (sameLine(run.runId, request.runId)) continue;
    for (const hold of run.holds) {
      const path = hold.paths.find((held) => request.paths.some((wanted) => pathsOverlap(held, wanted)));
      if (path !== undefined) return { runId: run.runId, stepId: hold.stepId, step: hold.step, path };
    }
  }
  return undefined;
}

/** The steps the holding step `(runId, stepId)` waits for: its own wait, or a wait of a sub-plan run below it. */
function waitsOf(table: readonly RunClaims[], runId: string, stepId: string): { runId: string; stepId: string }[] {
  return table.flatMap((run) => run.waits.filter((wait) => (run.runId === runId && wait.stepId === stepId) || runsUnder(run.runId, runId, stepId)).map((wait) => wait.on));
}

/** Whether the step `(runId, stepId)` is the requester or a step the requester runs under. */
function isRequesterLine(request: ClaimRequest, runId: string, stepId: string): boolean {
  return (runId === request.runId && stepId === request.stepId) || runsUnder(request.runId, runId, stepId);
}

/** Granted when no other line holds a file `request` writes; else wait for the holder, or deadlock when the holder's waits lead back to the requester. */
export function decideClaim(table: readonly RunClaims[], request: ClaimRequest): ClaimDecision {
  const holder = holderOf(table, request);
  if (!holder) return { kind: 'granted' };
  const seen = new Set<string>();
  const pending = [{ runId: holder.runId, stepId: holder.stepId }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    const key = `${next.runId}\u0000${next.stepId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (isRequesterLine(request, next.runId, next.stepId)) return { kind: 'deadlock', holder };
    pending.push(...waitsOf(table, next.runId, next.stepId));
  }
  return { kind: 'wait', holder };
}

/** `table` with `request`'s step holding its claim (and no longer waiting). */
export function withHold(table: readonly RunClaims[], request: ClaimRequest): RunClaims {
  const mine = table.find((run) => run.runId === request.runId) ?? { runId: request.runId, holds: [], waits: [] };
  return { ...mine, holds: [...mine.holds.filter((hold) => hold.stepId !== request.stepId), { stepId: request.stepId, step: request.step, paths: [...request.paths] }], waits: mine.waits.filter((wait) => wait.stepId !== request.stepId) };
}

/** `table`'s entry of `runId` with step `stepId` waiting for `holder` (or, without one, not waiting and not holding). */
export function withWait(table: readonly RunClaims[], runId: string, stepId: string, holder?: ClaimHolder): RunClaims {
  const mine = table.find((run) => run.runId === runId) ?? { runId, holds: [], waits: [] };
  const waits = mine.waits.filter((wait) => wait.stepId !== stepId);
  return {
    ...mine,
    holds: holder ? mine.holds : mine.holds.filter((hold) => hold.stepId !== stepId),
    waits: holder ? [...waits, { stepId, on: { runId: holder.runId, stepId: holder.stepId } }] : waits,
  };
}
