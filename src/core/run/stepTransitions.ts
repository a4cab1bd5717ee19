// The life of one step as a pure transition table: which events move a step from which status to which.
// The executor, the journal replay and the UI all go through `transition`, so an illegal move is caught
// in one place.
import { z } from 'zod';
import type { StepStatus } from '../plan/stepStatus';

/** What can happen to a step. */
export const StepEventSchema = z.enum([
  'askApproval',
  'approve',
  'skip',
  'start',
  'retry',
  'succeed',
  'fail',
  'becomeUnknown',
  'invalidate',
  'cancel',
  'interrupt',
  'reset',
]);
/** What can happen to a step. */
export type StepEvent = z.infer<typeof StepEventSchema>;

const TABLE: Readonly<Record<StepEvent, Partial<Record<StepStatus, StepStatus>>>> = {
  // A running step also waits when the part it delegated does: a sub-plan whose child step asks.
  askApproval: { pending: 'awaitingApproval', running: 'awaitingApproval' },
  approve: { pending: 'approved', awaitingApproval: 'approved' },
  skip: {
    pending: 'skipped',
    awaitingApproval: 'skipped',
    approved: 'skipped',
    failed: 'skipped',
    unknown: 'skipped',
    invalidated: 'skipped',
  },
  start: { approved: 'running' },
  // Another attempt of a running step, after the retry policy allowed it.
  retry: { running: 'running' },
  succeed: { running: 'succeeded' },
  fail: { running: 'failed' },
  becomeUnknown: { running: 'unknown' },
  invalidate: { pending: 'invalidated', awaitingApproval: 'invalidated', approved: 'invalidated' },
  cancel: { pending: 'cancelled', awaitingApproval: 'cancelled', approved: 'cancelled', running: 'cancelled' },
  // A run that stopped (crash, reload) while a step was running: the executor decides whether the
  // step may run again (back to approved) or must be reported as unknown.
  interrupt: { running: 'approved' },
  // The user asks to run a step again, or edits it: it needs approval again.
  reset: {
    awaitingApproval: 'pending',
    approved: 'pending',
    failed: 'pending',
    unknown: 'pending',
    skipped: 'pending',
    invalidated: 'pending',
    cancelled: 'pending',
  },
};

/** The status after `event`, or `undefined` when the event is not allowed in `from`. */
export function transition(from: StepStatus, event: StepEvent): StepStatus | undefined {
  return TABLE[event][from];
}

/** The statuses `event` may move a step from. */
export function statusesAllowing(event: StepEvent): ReadonlySet<StepStatus> {
  return new Set(Object.keys(TABLE[event]) as StepStatus[]);
}

/** The statuses `events` move a step to. */
function statusesReachedBy(...events: readonly StepEvent[]): ReadonlySet<StepStatus> {
  return new Set(events.flatMap((event) => Object.values(TABLE[event])));
}

/** Steps a re-plan keeps exactly as they are: done, or left out by the user. */
export const FROZEN_STATUSES = statusesReachedBy('succeed', 'skip');

/** A step in one of these states has not run and can still be replaced by a re-plan (or invalidated). */
export const NOT_STARTED_STATUSES = statusesAllowing('invalidate');

/** A step that ran and broke: it failed, or its effect is unknown. */
export const BROKEN_STATUSES = statusesReachedBy('fail', 'becomeUnknown');

/** A step that ran to an outcome: what it changed can be undone. */
export const RAN_STATUSES = statusesReachedBy('succeed', 'fail', 'becomeUnknown');

/** A settled step that can be asked to run again: reset-able, and not merely waiting to start. */
export const RETRYABLE_STATUSES: ReadonlySet<StepStatus> = new Set([...statusesAllowing('reset')].filter((status) => !NOT_STARTED_STATUSES.has(status)));
