// What one run of one task in one mode leaves for the report: whether the ground truth holds, what the
// model calls cost in tokens (and how much of each prompt earlier calls share), and the timed spans the
// latency replay needs. Written to the JSON result, so it has a schema.
import { z } from 'zod';
import { RunModeSchema } from '../src/core/fused/runMode';
import { ArmNameSchema } from './benchArms';

/** One model call of a run: its tokens, the prefix earlier calls share, and when it ran. */
export const ModelCallRecordSchema = z.object({
  role: z.string(),
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  sharedWithPrevious: z.number().int().nonnegative(),
  sharedWithAnyEarlier: z.number().int().nonnegative(),
  start: z.number(),
  end: z.number(),
});
export type ModelCallRecord = z.infer<typeof ModelCallRecordSchema>;

/** When one step ran, from its start record to the record that ended it. */
export const StepSpanSchema = z.object({ id: z.string(), start: z.number(), end: z.number() });

/** One task run in one arm. */
export const RunRecordSchema = z.object({
  taskId: z.string(),
  family: z.string(),
  arm: ArmNameSchema,
  mode: RunModeSchema,
  faulted: z.boolean(),
  /** Steps of the competent plan: how long the task is. */
  planSteps: z.number().int().positive(),
  /** The run's own status (succeeded, failed, ...). */
  status: z.string(),
  /** The ground truth holds in the workspace after the run. */
  completed: z.boolean(),
  escalated: z.boolean(),
  /** Re-plans (split, or auto after escalating). */
  replans: z.number().int().nonnegative(),
  /** Fused turns that followed a failed action (recovery turns). */
  recoveries: z.number().int().nonnegative(),
  stepsRun: z.number().int().nonnegative(),
  calls: z.array(ModelCallRecordSchema),
  steps: z.array(StepSpanSchema),
  runStart: z.number(),
  runEnd: z.number(),
  error: z.string().optional(),
});
export type RunRecord = z.infer<typeof RunRecordSchema>;
