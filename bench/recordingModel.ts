// A ChatModel wrapper that keeps every call a run makes — role, the request as sent, the reply's text,
// the usage and the model that answered, and when it started and ended on the run's clock — for the token figures, the prompt-cache
// model and the latency replay.
import type { ChatModel, ChatRequest, ChatUsage, Clock } from '../src/core/ports';

/** One call as it happened. */
export interface RecordedCall {
  readonly request: ChatRequest;
  /** The reply's text (where a streamed plan's lines are found by offset). */
  readonly content: string;
  readonly usage: ChatUsage;
  /** The model the endpoint says answered. */
  readonly model: string;
  readonly start: number;
  readonly end: number;
}

/** Wraps `model`; the calls land in `calls` as they end (sort by `start` for the order they began). */
export function recordingModel(model: ChatModel, clock: Clock, calls: RecordedCall[]): ChatModel {
  return {
    // Every argument is passed on, so whatever the port adds (a stream listener) reaches the model.
    async chat(request, ...rest) {
      const start = clock.now();
      const response = await model.chat(request, ...rest);
      calls.push({ request, content: response.content, usage: response.usage, model: response.model, start, end: clock.now() });
      return response;
    },
  };
}
