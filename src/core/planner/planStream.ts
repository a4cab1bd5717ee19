// The planner's reply as a stream of plan items: the text goes through a line reader as it arrives
// (ChatRequest.onText), and every step line it completes is handed on at once with how much of the
// reply had arrived — so a run can show and start the step while the planner is still writing.
import type { StreamOffset } from '../run/journalRecords';
import { usageOf } from '../run/meteredModel';
import type { PlanStreamItem } from '../run/modelRoles';
import { formatProblem, type PlanProblem } from '../plan/planProblem';
import type { ChatModel, ChatRequest } from '../ports';
import type { Check } from '../checks/checkSchema';

/** One step line of a reply: its step, or the problems that kept it from being one. */
export interface PlanLine {
  readonly step?: unknown;
  readonly problems: readonly PlanProblem[];
  /** 1-based line number in the reply, put in front of problems that do not name their line themselves. */
  readonly line?: number;
  /** A `done C` line: one of the goal's acceptance checks, not a step. */
  readonly acceptance?: Check;
}

/** Reads a plan reply incrementally (the compact plan language's reader has this shape). */
export interface PlanLineReader {
  /** Adds text; returns the step lines it completed, in order. */
  push(chunk: string): readonly PlanLine[];
  /** Ends the reply; returns a last line that had no line break. */
  finish(): readonly PlanLine[];
}

/**
 * Asks `model` for a plan and yields each step line as the reader completes it, then the call's usage.
 * Iteration throws when the call fails (after text arrived, the adapter does not retry; see ChatRequest).
 * `offset.chars` is the length of the reply up to the end of the chunk that completed the line.
 */
export async function* streamPlanReply(model: ChatModel, request: ChatRequest, reader: PlanLineReader, signal?: AbortSignal): AsyncGenerator<PlanStreamItem> {
  const queue: PlanStreamItem[] = [];
  let wake: (() => void) | undefined;
  let chars = 0;
  const take = (lines: readonly PlanLine[]) => {
    const offset: StreamOffset = { chars };
    for (const line of lines) queue.push(itemOf(line, offset));
    if (lines.length > 0) wake?.();
  };
  let ended: { readonly error?: unknown } | undefined;
  const call = model.chat({ ...request, onText: (delta) => {
    chars += delta.length;
    take(reader.push(delta));
  } }, signal);
  call.then(
    (response) => {
      // A model that does not stream (or streamed only part) hands the rest of its reply over at the end.
      if (response.content.length > chars) {
        const rest = response.content.slice(chars);
        chars = response.content.length;
        take(reader.push(rest));
      }
      take(reader.finish());
      queue.push({ kind: 'usage', usage: usageOf(response, request.role, request.projectRules) });
      ended = {};
      wake?.();
    },
    (error: unknown) => {
      ended = { error };
      wake?.();
    },
  );
  for (;;) {
    const item = queue.shift();
    if (item) {
      yield item;
      continue;
    }
    if (ended) {
      if ('error' in ended) throw ended.error;
      return;
    }
    await new Promise<void>((resolve) => (wake = resolve));
  }
}

function itemOf(line: PlanLine, offset: StreamOffset): PlanStreamItem {
  if (line.acceptance) return { kind: 'acceptance', check: line.acceptance, offset };
  if (line.step !== undefined && line.problems.length === 0) return { kind: 'step', step: line.step, offset };
  const where = line.line === undefined ? '' : `line ${line.line}: `;
  const problems = line.problems.length > 0 ? line.problems.map((problem) => `${where}${formatProblem(problem)}`) : [`${where}not a step`];
  return { kind: 'problem', problems, offset };
}
