// The Solver port over the worker model: the final summary of a run, composed from its step results.
// When this fails the executor falls back to its deterministic summary.
import type { UsageRecord } from '../run/journalRecords';
import { usageOf } from '../run/meteredModel';
import type { RunState } from '../run/runState';
import type { Solver } from '../run/modelRoles';
import { ModelError } from '../errors';
import type { ChatModel } from '../ports';
import { buildSolverPrompt } from './solverPrompt';

/** A solver that asks `model` (the worker model) for the summary. */
export class ModelSolver implements Solver {
  constructor(private readonly model: ChatModel) {}

  /** The summary of the run in `state`, with the usage of the call. */
  async summarize(state: RunState, signal: AbortSignal): Promise<{ readonly text: string; readonly usage: readonly UsageRecord[] }> {
    const response = await this.model.chat({ role: 'solver', messages: buildSolverPrompt(state) }, signal);
    const usage = [usageOf(response, 'solver')];
    const text = response.content.trim();
    if (text.length === 0) throw new ModelError('badReply', 'The solver model replied with no text.');
    return { text, usage };
  }
}
