// The `planwright.modelTimeoutSeconds` setting (and the CLI's PLANWRIGHT_MODEL_TIMEOUT): how long an OpenAI-compatible
// endpoint may stay silent, before its first chunk or between two, before the attempt is given up and retried. A local
// model on a CPU can take minutes to read a long prompt; a hosted one answers in seconds.
import { z } from 'zod';

/** The silence an attempt waits through when nothing says otherwise. */
export const DEFAULT_MODEL_TIMEOUT_SECONDS = 120;

/** Whole seconds, from ten seconds to an hour. */
export const ModelTimeoutSecondsSchema = z.number().int().min(10).max(3600);
