// How much of each prompt a cache could have served: the tokens of the longest prefix (the tool specs,
// then whole messages) a call shares with the previous call of its run, and with any earlier call.
// Counted with the same tokenizer and chat accounting as the usage figures.
import { countTokens } from 'gpt-tokenizer';
import type { ChatMessage, ChatRequest } from '../src/core/ports';
import { estimatePromptTokens } from '../src/node/tokenEstimate';

const sameMessage = (a: ChatMessage, b: ChatMessage): boolean =>
  a.role === b.role && a.content === b.content && a.toolCallId === b.toolCallId && JSON.stringify(a.toolCalls ?? []) === JSON.stringify(b.toolCalls ?? []);

/** Leading messages two requests share; -1 when their tool specs differ (the prefix breaks before any message). */
function sharedMessages(a: ChatRequest, b: ChatRequest): number {
  if (JSON.stringify(a.tools ?? []) !== JSON.stringify(b.tools ?? [])) return -1;
  let count = 0;
  while (count < a.messages.length && count < b.messages.length && sameMessage(a.messages[count]!, b.messages[count]!)) count++;
  return count;
}

/** Prompt tokens of the tool specs and the first `count` messages, without the reply priming. */
function prefixTokens(request: ChatRequest, count: number): number {
  if (count < 0) return 0;
  return estimatePromptTokens(request.messages.slice(0, count), request.tools ?? [], countTokens) - estimatePromptTokens([], [], countTokens);
}

/** For each request, the tokens it shares with the previous request and with any earlier one. */
export function promptSharing(requests: readonly ChatRequest[]): { readonly previous: number; readonly anyEarlier: number }[] {
  return requests.map((request, index) => {
    if (index === 0) return { previous: 0, anyEarlier: 0 };
    const counts = requests.slice(0, index).map((earlier) => sharedMessages(request, earlier));
    const best = Math.max(...counts);
    const previous = counts[index - 1]!;
    const anyEarlier = prefixTokens(request, best);
    return { previous: previous === best ? anyEarlier : prefixTokens(request, previous), anyEarlier };
  });
}
