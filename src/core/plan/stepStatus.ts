// The states a step moves through during a run. The transitions between them belong to the executor;
// the list lives here because plan helpers (ready steps) and the journal schema both need it.
import { z } from 'zod';

/** Where a step is in a run. */
export const StepStatusSchema = z.enum([
  'pending',
  'awaitingApproval',
  'approved',
  'running',
  'succeeded',
  'failed',
  'unknown',
  'skipped',
  'invalidated',
  'cancelled',
]);

/** Where a step is in a run. */
export type StepStatus = z.infer<typeof StepStatusSchema>;
