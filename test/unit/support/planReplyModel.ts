// A planner model for a `--goal` run in-process: every call is answered with one plan as JSON, streamed in
// one piece, with the model name and token counts given (so prices and usage can be checked).
import type { ChatModel, ChatRequest, ChatResponse, ChatUsage } from '../../../src/core/ports';

/** Answers every call with `plan`; `requests` keeps each call, and `waitFor` (when given) decides when a reply comes. */
export class PlanReplyModel implements ChatModel {
  readonly requests: ChatRequest[] = [];
  constructor(
    private readonly plan: unknown,
    private readonly model = 'planner-model',
    private readonly usage: ChatUsage = { promptTokens: 10, completionTokens: 5, cachedTokens: 0, estimated: false },
    private readonly waitFor?: (signal: AbortSignal | undefined) => Promise<void>,
  ) {}

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    this.requests.push(request);
    await this.waitFor?.(signal);
    const content = JSON.stringify(this.plan);
    request.onText?.(content);
    return { content, toolCalls: [], model: this.model, usage: this.usage, latencyMs: 1 };
  }
}
