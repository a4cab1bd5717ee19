// The run journal's records. Every change to a run is one record, appended before it takes effect in
// memory; replaying the records through `applyRecord` rebuilds the run exactly. Records are validated
// when read back, like any other input from outside.
import { z } from 'zod';
import { StepStatusSchema } from '../plan/stepStatus';
import { AcceptancePhaseSchema, AcceptanceResultSchema } from './acceptanceResults';
import { RunModeSchema } from './runMode';
import { RunOptionsSchema } from './runOptions';
import { StepEventSchema } from './stepTransitions';

/** How a step failed, as the journal keeps it. */
export const FailureRecordSchema = z.object({
  kind: z.enum(['definite', 'ambiguous']),
  reason: z.string(),
  message: z.string(),
  outputTail: z.string().optional(),
});
/** How a step failed. */
export type FailureRecord = z.infer<typeof FailureRecordSchema>;

/** A step's output: the text `#id` references read, and structured details. */
export const OutputRecordSchema = z.object({
  text: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
/** A step's output. */
export type OutputRecord = z.infer<typeof OutputRecordSchema>;

/** A file's content before a step changed it (null: it did not exist; absent: not kept, `notKept` says why). */
export const SnapshotRecordSchema = z.object({
  path: z.string(),
  content: z.string().nullable().optional(),
  notKept: z.string().optional(),
  bytes: z.number().int().nonnegative().optional(),
  sha256: z.string().optional(),
});

/** Where a run is. */
export const RunStatusSchema = z.enum([
  'running',
  'awaitingApproval',
  'needsReplan',
  'paused',
  'succeeded',
  'failed',
  'cancelled',
]);
/** Where a run is. */
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** Why a run paused at its cost cap, in US dollars: the priced spend so far, the refused call's estimate, the cap. */
export const CostCapPauseSchema = z.object({ spent: z.number().nonnegative(), estimate: z.number().nonnegative(), cap: z.number().positive() });
/** Why a run paused at its cost cap. */
export type CostCapPause = z.infer<typeof CostCapPauseSchema>;

/** The statuses a run ends in: nothing more runs unless the user retries a step or reopens it. */
export const FINISHED_RUN_STATUSES: ReadonlySet<RunStatus> = new Set<RunStatus>(['succeeded', 'failed', 'cancelled']);

/** True when a run in `status` has ended. */
export function isRunFinished(status: RunStatus): boolean {
  return FINISHED_RUN_STATUSES.has(status);
}

/** One model call's usage, for the report and the trace. */
export const UsageRecordSchema = z.object({
  role: z.string(),
  model: z.string(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  cachedTokens: z.number(),
  estimated: z.boolean(),
  ms: z.number(),
  /** The project rules files the prompt included. */
  rules: z.array(z.string()).optional(),
});
/** One model call's usage. */
export type UsageRecord = z.infer<typeof UsageRecordSchema>;

/**
 * How much of the planner's reply had arrived when something happened: `chars` of its text, and its
 * completion `tokens` when the source counts them.
 */
export const StreamOffsetSchema = z.object({ chars: z.number().int().nonnegative(), tokens: z.number().int().nonnegative().optional() });
/** How much of the planner's reply had arrived. */
export type StreamOffset = z.infer<typeof StreamOffsetSchema>;

/** One operation of a re-plan's patch as journalled: its step is gated again when the journal is replayed. */
export const PatchOpRecordSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('replace'), id: z.string(), step: z.unknown() }),
  z.object({ op: z.literal('add'), step: z.unknown(), after: z.string().optional() }),
  z.object({ op: z.literal('drop'), id: z.string() }),
]);

/** Every kind of journal record; the journal is validated against it when read back. */
export const JournalRecordSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('runStarted'),
    runId: z.string(),
    at: z.number(),
    plan: z.unknown(),
    options: RunOptionsSchema,
    /** What the host needs to pick the run up again (e.g. the workspace folder); opaque to core. */
    host: z.record(z.string(), z.unknown()).optional(),
    /** The plan is still being written (streamed planning): more steps follow as `stepAdded`, then `planClosed`. */
    planOpen: z.literal(true).optional(),
    /** Which design wrote the run: `fused` for the fused agent's loop (absent: a plan run). Such a run resumes with the agent, never as a plan (agentRun.ts, fused/resumeRun.ts). */
    agent: z.literal('fused').optional(),
    /** The mode a goal was carried out in (`split`, `fused` or `auto`); absent: a plan given as it is (a plan file, a sub-plan's child). */
    mode: RunModeSchema.optional(),
  }),
  z.object({
    type: z.literal('step'),
    at: z.number(),
    stepId: z.string(),
    event: StepEventSchema,
    to: StepStatusSchema,
    reason: z.string().optional(),
    output: OutputRecordSchema.optional(),
    failure: FailureRecordSchema.optional(),
    checkDetail: z.string().optional(),
    approvedKey: z.string().optional(),
    before: z.array(SnapshotRecordSchema).optional(),
    /** The files of `before` as the step left them, journalled with its end: undo refuses files changed since. */
    after: z.array(SnapshotRecordSchema).optional(),
    retriedAfterSettle: z.boolean().optional(),
    /** A step waiting on its sub-plan: the paths of the child steps asked about (`E3/E1`). */
    waitingOn: z.array(z.string()).optional(),
  }),
  z.object({
    type: z.literal('revised'),
    at: z.number(),
    revision: z.number(),
    failedStepId: z.string().optional(),
    /** The revision is the one repair of `failedStepId`: a resume neither repairs that step again nor loses the fix. */
    repaired: z.boolean().optional(),
    /** The fused agent handed the run to the planner (auto mode): from this revision on it is a plan run. */
    escalated: z.literal(true).optional(),
    /** The user made or applied this revision: its files and commands join the run's approved scope (approvedScope.ts). */
    approved: z.literal(true).optional(),
    reason: z.string(),
    plan: z.unknown(),
    /**
     * The revision is a re-plan whose patch is still arriving: it holds the lines applied so far, more come as
     * `patchLines`, and `planClosed` ends it. Until then steps no line has reached keep their state.
     */
    planOpen: z.literal(true).optional(),
    /** With `planOpen`: the steps the lines so far replaced or added (they start afresh). */
    patched: z.array(z.string()).optional(),
    streamOffset: StreamOffsetSchema.optional(),
  }),
  /** More lines of the open revision's patch, applied to the plan as it stands (the revision stays the same). */
  z.object({ type: z.literal('patchLines'), at: z.number(), ops: z.array(PatchOpRecordSchema), streamOffset: StreamOffsetSchema.optional() }),
  /** A broken step's recovery (repair or re-plan) began, or gave up: what the run says while the re-planner works. */
  z.object({
    type: z.literal('recovery'),
    at: z.number(),
    stepId: z.string(),
    phase: z.enum(['started', 'gaveUp']),
    reason: z.string(),
    /** How a started recovery goes about it: one repair call, or a re-plan (absent in older journals: a re-plan). */
    kind: z.enum(['repair', 'replan']).optional(),
  }),
  /** Steps renamed by hand: only their titles changed, so the run keeps its revision and every step its state. */
  z.object({ type: z.literal('retitled'), at: z.number(), titles: z.record(z.string(), z.string()) }),
  z.object({ type: z.literal('runStatus'), at: z.number(), status: RunStatusSchema, reason: z.string().optional(), costCap: CostCapPauseSchema.optional() }),
  z.object({ type: z.literal('usage'), at: z.number(), phase: z.enum(['plan', 'execute', 'replan', 'solve']), usage: UsageRecordSchema }),
  z.object({ type: z.literal('summary'), at: z.number(), text: z.string() }),
  /** A step appended to the running plan: the fused loop adds each action, a streamed plan each step as it is written. */
  z.object({ type: z.literal('stepAdded'), at: z.number(), step: z.unknown(), streamOffset: StreamOffsetSchema.optional() }),
  /** A streamed step that failed the gate on its own: it is not in the plan, and the plan cannot run to its end. */
  z.object({ type: z.literal('stepRejected'), at: z.number(), problems: z.array(z.string()), streamOffset: StreamOffsetSchema.optional() }),
  /** The plan's acceptance checks were evaluated, before the first step or after the last one of `revision`. */
  z.object({ type: z.literal('acceptance'), at: z.number(), phase: AcceptancePhaseSchema, revision: z.number(), results: z.array(AcceptanceResultSchema) }),
  /** The run (or the part of it from `fromStepId` on) was undone: `steps` had their files put back; `refused` files were changed since. */
  z.object({ type: z.literal('undone'), at: z.number(), fromStepId: z.string().optional(), steps: z.array(z.string()), refused: z.array(z.string()) }),
  /** The streamed plan is complete; `problems` when the whole plan failed the gate or the stream broke off. */
  z.object({
    type: z.literal('planClosed'),
    at: z.number(),
    problems: z.array(z.string()).optional(),
    /** The goal's acceptance checks, when the planner wrote them after the plan started running; gated with the closed plan. */
    acceptance: z.array(z.unknown()).optional(),
    streamOffset: StreamOffsetSchema.optional(),
  }),
]);
/** One journal record. */
export type JournalRecord = z.infer<typeof JournalRecordSchema>;
/** A journal record of one step transition. */
export type StepRecord = Extract<JournalRecord, { type: 'step' }>;
