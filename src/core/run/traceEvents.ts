// The trace: one JSON line per event, written before the action it describes where there is one
// (an `intent` precedes its tool call). It is the evidence for every number the product shows.
import { z } from 'zod';
import { StreamOffsetSchema, UsageRecordSchema } from './journalRecords';

const Base = { at: z.number(), runId: z.string() };

/** Every kind of trace event. */
export const TraceEventSchema = z.discriminatedUnion('type', [
  z.object({ ...Base, type: z.literal('intent'), stepId: z.string(), tool: z.string(), args: z.record(z.string(), z.unknown()), attempt: z.number() }),
  z.object({
    ...Base,
    type: z.literal('result'),
    stepId: z.string(),
    attempt: z.number(),
    ok: z.boolean(),
    ms: z.number(),
    failure: z.object({ kind: z.enum(['definite', 'ambiguous']), reason: z.string(), message: z.string() }).optional(),
    outputChars: z.number().optional(),
  }),
  z.object({ ...Base, type: z.literal('check'), stepId: z.string(), role: z.enum(['precondition', 'postcondition', 'statusCheck']), ok: z.boolean(), detail: z.string() }),
  z.object({ ...Base, type: z.literal('retry'), stepId: z.string(), attempt: z.number(), delayMs: z.number(), reason: z.string() }),
  z.object({ ...Base, type: z.literal('settle'), stepId: z.string(), method: z.string(), outcome: z.string(), decision: z.string(), reason: z.string() }),
  z.object({ ...Base, type: z.literal('decision'), stepId: z.string().optional(), decision: z.string(), reason: z.string() }),
  z.object({
    ...Base,
    type: z.literal('replan'),
    revision: z.number(),
    /** The step whose failure caused the re-plan; absent when the plan was edited by hand. */
    failedStepId: z.string().optional(),
    added: z.array(z.string()),
    removed: z.array(z.string()),
    changed: z.array(z.string()),
  }),
  /** A step of a streamed plan arrived and passed the gate on its own: it is in the plan from now on. */
  z.object({ ...Base, type: z.literal('stepArrived'), stepId: z.string(), streamOffset: StreamOffsetSchema }),
  /** A step started while the planner was still writing the plan; `streamOffset` is how far it had written. */
  z.object({ ...Base, type: z.literal('earlyStart'), stepId: z.string(), streamOffset: StreamOffsetSchema }),
  z.object({
    ...Base,
    type: z.literal('llm'),
    ...UsageRecordSchema.shape,
  }),
]);
/** One trace event. */
export type TraceEvent = z.infer<typeof TraceEventSchema>;

/** Distributes `Omit` over the union so each event keeps its own fields. */
type DistributiveOmit<T, K extends keyof any> = T extends unknown ? Omit<T, K> : never;

/** A trace event before the run id and time are stamped on it. */
export type TraceEventInput = DistributiveOmit<TraceEvent, 'at' | 'runId'>;
