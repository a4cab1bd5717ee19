// A model whose scripted replies stream in line by line, each line handed to the request's `onText` before the
// reply resolves, as an endpoint streaming a patch does: the run applies each line as it arrives.
import type { ChatModel, ChatRequest, ChatResponse } from '../../../src/core/ports';

/** A scripted reply: its text, or a function of the request (to answer what the prompt asked). */
export type StreamedReply = string | ((request: ChatRequest) => string);

/** Answers each call with the next scripted reply, streamed one line per piece; it keeps every request. */
export class StreamingChatModel implements ChatModel {
  readonly requests: ChatRequest[] = [];
  constructor(private readonly replies: StreamedReply[]) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    this.requests.push(request);
    const next = this.replies.shift();
    if (next === undefined) throw new Error(`StreamingChatModel: no reply left for the ${request.role}`);
    const content = typeof next === 'string' ? next : next(request);
    for (const piece of content.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
      request.onText?.(piece);
      // Each line reaches the run before the next one is written.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { content, toolCalls: [], model: 'streaming', usage: { promptTokens: 100, completionTokens: 20, cachedTokens: 0, estimated: false }, latencyMs: 1 };
  }
}
