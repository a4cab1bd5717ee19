// Wraps a ChatModel so every call's usage is recorded against a phase of the run, in the journal (for
// the report) and in the trace (as an `llm` event): the evidence behind every token figure shown.
import type { ChatModel, ChatResponse } from '../ports';
import type { UsageRecord } from './journalRecords';

/** Turns a response into the usage record the journal and trace keep. */
export function usageOf(response: ChatResponse, role: string, rules?: readonly string[]): UsageRecord {
  return {
    role,
    model: response.model,
    promptTokens: response.usage.promptTokens,
    completionTokens: response.usage.completionTokens,
    cachedTokens: response.usage.cachedTokens,
    estimated: response.usage.estimated,
    ms: response.latencyMs,
    ...(rules && rules.length > 0 ? { rules: [...rules] } : {}),
  };
}

/** A ChatModel that reports each call's usage to `onUsage` before returning the response. */
export function meteredModel(model: ChatModel, onUsage: (usage: UsageRecord) => Promise<void>): ChatModel {
  return {
    ...(model.planFormat ? { planFormat: model.planFormat } : {}),
    async chat(request, signal) {
      const response = await model.chat(request, signal);
      await onUsage(usageOf(response, request.role, request.projectRules));
      return response;
    },
  };
}
