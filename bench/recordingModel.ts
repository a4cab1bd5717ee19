// A ChatModel wrapper that keeps every call a run makes — role, the request as sent, the usage, and
// when it started and ended on the run's clock — for the token figures and the latency replay.
import type { ChatModel, ChatRequest, ChatUsage, Clock } from '../src/core/ports';

/** One call as it happened. */
export interface RecordedCall {
  readonly request: ChatRequest;
  readonly usage: ChatUsage;
  readonly start: number;
  readonly end: number;
}

/** Wraps `model`; the calls land in `calls`, in the order they started. */
export function recordingModel(model: ChatModel, clock: Clock, calls: RecordedCall[]): ChatModel {
  return {
    async chat(request, signal) {
      const start = clock.now();
      const response = await model.chat(request, signal);
      calls.push({ request, usage: response.usage, start, end: clock.now() });
      return response;
    },
  };
}
