// The two pools a run's steps start from: steps that work on this machine (files, commands), up to
// `maxParallel`, and steps whose tool waits on the worker model, up to `maxModelCalls`. A model call
// costs this machine nothing while it waits, so holding it to the local pool would queue edits of
// many files behind each other for no reason; the provider's own limits are what bound it.
import type { Step } from '../plan/planSchema';
import { DEFAULT_MAX_MODEL_CALLS, type RunOptions } from '../run/runOptions';
import { findTool } from '../tools/toolCatalog';
import type { ParallelLimits } from './scheduler';

/** The limits `options` ask for; a journal from before `maxModelCalls` gets the default. */
export function parallelLimits(options: Pick<RunOptions, 'maxParallel' | 'maxModelCalls'>): ParallelLimits {
  return { local: options.maxParallel, model: options.maxModelCalls ?? DEFAULT_MAX_MODEL_CALLS };
}

/** Whether `step`'s tool waits on the worker model rather than working on this machine. */
export function callsModel(step: Step): boolean {
  return findTool(step.tool)?.callsModel === true;
}
