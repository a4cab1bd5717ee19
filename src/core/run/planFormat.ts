// The `planwright.planFormat` setting (and the CLI's PLANWRIGHT_PLAN_FORMAT): the form the planner is asked
// to write plans in. Plans are saved and validated as plan files whichever form the model wrote.
import { z } from 'zod';
import type { PlanFormat } from '../ports';

/** `compact`: the plan language, one step per line (the default); `json`: its small JSON form under a schema. */
export const PlanFormatSchema = z.enum(['compact', 'json']) satisfies z.ZodType<PlanFormat>;
