// A ChatModel standing in for the fused agent: each turn's tool calls (or final answer) from a script,
// every request kept for assertions.
import type { ChatModel, ChatRequest, ChatResponse } from '../../../src/core/ports';

/** One agent turn: tool calls as [name, args], or the final answer. */
export type AgentTurn = readonly (readonly [string, unknown])[] | string;

/** Answers each fused turn from `turns`, in order. */
export class ScriptedAgent implements ChatModel {
  readonly requests: ChatRequest[] = [];
  private turn = 0;
  constructor(private readonly turns: readonly AgentTurn[]) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    this.requests.push(request);
    const turn = this.turns[this.turn++];
    if (turn === undefined) throw new Error('ScriptedAgent: no turn left');
    const toolCalls = typeof turn === 'string' ? [] : turn.map(([name, args], index) => ({ id: `t${this.turn}c${index}`, name, arguments: JSON.stringify(args) }));
    return { content: typeof turn === 'string' ? turn : '', toolCalls, model: 'agent', usage: { promptTokens: 100, completionTokens: 10, cachedTokens: 0, estimated: false }, latencyMs: 1 };
  }
}
