// How a goal is carried out: planned first and then executed (`split`), one model turn per action over
// the same tools (`fused`), or one of the two picked from the goal before any model call (`auto`, src/core/fused/designChoice.ts).
import { z } from 'zod';

/** The `planwright.mode` setting. */
export const RunModeSchema = z.enum(['split', 'fused', 'auto']);
export type RunMode = z.infer<typeof RunModeSchema>;

/** The modes that start with the fused loop. */
export type FusedMode = Exclude<RunMode, 'split'>;
