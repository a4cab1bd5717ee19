// The ChatModel port over the VS Code Language Model API (`vscode.lm`): any chat model an installed
// extension provides (GitHub Copilot, among others), so a user needs no endpoint or key. The API has no
// system role, structured output or usage report, so system text is sent as a user turn, JSON is asked
// for in words, and tokens are counted with the model's own `countTokens` (marked estimated). Text parts
// go to the request's `onText` as they arrive; the adapter makes one attempt, so nothing is replayed. The
// justification in VS Code's consent prompt is the user's language; errors stay English, since a worker call's
// error becomes its step's failure, which the journal records and the re-planner reads.
import * as vscode from 'vscode';
import { ModelError } from '../../core/errors';
import { type ChatMessage, type ChatModel, type ChatRequest, type ChatResponse, type ChatToolCall, type PlanFormat } from '../../core/ports';
import { PLANNER_ROLES } from '../../core/planner/plannerRoles';

/** Which models to use, as `vscode.lm.selectChatModels` selectors, and why (shown in VS Code's consent prompt). */
export interface LmChatModelConfig {
  /** For the planner and re-planner, e.g. `{ vendor: 'copilot', family: 'gpt-4o' }`. */
  readonly planner?: vscode.LanguageModelChatSelector;
  /** For the worker, solver and fused loop. */
  readonly worker?: vscode.LanguageModelChatSelector;
  readonly justification?: string;
  /** The form plans are asked in (`planwright.planFormat`); absent: the compact plan language. */
  readonly planFormat?: PlanFormat;
}

const PROMPTED_JSON = 'Reply with one JSON object only: no prose, no code fences.';

function describeSelector(selector: vscode.LanguageModelChatSelector): string {
  const parts = Object.entries(selector).filter(([, value]) => value !== undefined).map(([key, value]) => `${key} "${String(value)}"`);
  return parts.length > 0 ? parts.join(', ') : 'any model';
}

function toLmMessage(message: ChatMessage): vscode.LanguageModelChatMessage {
  switch (message.role) {
    case 'system':
    case 'user':
      return vscode.LanguageModelChatMessage.User(message.content);
    case 'tool':
      return vscode.LanguageModelChatMessage.User([new vscode.LanguageModelToolResultPart(message.toolCallId ?? '', [new vscode.LanguageModelTextPart(message.content)])]);
    case 'assistant': {
      const calls = (message.toolCalls ?? []).map((call) => new vscode.LanguageModelToolCallPart(call.id, call.name, parseArguments(call.arguments)));
      if (calls.length === 0) return vscode.LanguageModelChatMessage.Assistant(message.content);
      return vscode.LanguageModelChatMessage.Assistant([...(message.content ? [new vscode.LanguageModelTextPart(message.content)] : []), ...calls]);
    }
  }
}

function parseArguments(text: string): object {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** The messages, with the JSON instruction appended when the request asks for JSON. */
function messagesFor(request: ChatRequest): vscode.LanguageModelChatMessage[] {
  const messages = request.messages.map(toLmMessage);
  if (request.responseFormat) messages.push(vscode.LanguageModelChatMessage.User(PROMPTED_JSON));
  return messages;
}

/** A ChatModel over the editor's language models. */
export class LmChatModel implements ChatModel {
  constructor(private readonly config: LmChatModelConfig) {}

  get planFormat(): PlanFormat | undefined {
    return this.config.planFormat;
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const started = Date.now();
    const selector = (PLANNER_ROLES.has(request.role) ? this.config.planner : this.config.worker) ?? {};
    const [model] = await vscode.lm.selectChatModels(selector);
    if (!model) {
      throw new ModelError(
        'modelNotFound',
        `No VS Code language model matches ${describeSelector(selector)} for the ${request.role}. Install and sign in to an extension that provides chat models (such as GitHub Copilot Chat), choose another model family in the Planwright settings, or set planwright.provider to "openai-compatible".`,
      );
    }
    const source = new vscode.CancellationTokenSource();
    const cancel = () => source.cancel();
    signal?.addEventListener('abort', cancel);
    try {
      if (signal?.aborted) throw new ModelError('cancelled', 'The model call was cancelled.');
      const messages = messagesFor(request);
      const tools = request.tools?.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.parameters }));
      const justification = this.config.justification ?? vscode.l10n.t('Planwright plans your coding task as checkable steps, carries them out and re-plans when one fails.');
      const options: vscode.LanguageModelChatRequestOptions = { justification, ...(tools && tools.length > 0 ? { tools } : {}) };
      const response = await model.sendRequest(messages, options, source.token);
      let content = '';
      const toolCalls: ChatToolCall[] = [];
      for await (const part of response.stream) {
        if (part instanceof vscode.LanguageModelTextPart) {
          content += part.value;
          request.onText?.(part.value);
        }
        else if (part instanceof vscode.LanguageModelToolCallPart) toolCalls.push({ id: part.callId, name: part.name, arguments: JSON.stringify(part.input) });
      }
      if (signal?.aborted) throw new ModelError('cancelled', 'The model call was cancelled.');
      if (content.length === 0 && toolCalls.length === 0) throw new ModelError('badReply', `The language model "${model.name}" sent an empty reply.`);
      const promptTokens = await countAll(model, messages, source.token);
      const completionTokens = await model.countTokens(content + toolCalls.map((call) => call.arguments).join(''), source.token).then(undefined, () => 0);
      return { content, toolCalls, model: model.id, usage: { promptTokens, completionTokens, cachedTokens: 0, estimated: true }, latencyMs: Date.now() - started };
    } catch (error) {
      throw toModelError(error, model, signal);
    } finally {
      signal?.removeEventListener('abort', cancel);
      source.dispose();
    }
  }
}

/** The prompt's tokens by the model's own count; a message it cannot count counts as 0. */
async function countAll(model: vscode.LanguageModelChat, messages: readonly vscode.LanguageModelChatMessage[], token: vscode.CancellationToken): Promise<number> {
  let total = 0;
  for (const message of messages) total += await model.countTokens(message, token).then(undefined, () => 0);
  return total;
}

/** The API's errors in the port's terms, each saying what the user can do. */
function toModelError(error: unknown, model: vscode.LanguageModelChat, signal: AbortSignal | undefined): ModelError {
  if (error instanceof ModelError) return error;
  if (signal?.aborted || error instanceof vscode.CancellationError) return new ModelError('cancelled', 'The model call was cancelled.');
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof vscode.LanguageModelError) {
    if (error.code === vscode.LanguageModelError.NoPermissions.name) {
      return new ModelError('unauthorized', `Planwright may not use the language model "${model.name}": allow it when VS Code asks, or under the Accounts menu's language model access (${detail}).`);
    }
    if (error.code === vscode.LanguageModelError.Blocked.name) {
      return new ModelError('rateLimited', `The language model "${model.name}" is blocked for now, often because of a quota (${detail}). Wait and try again, or choose another model.`);
    }
    if (error.code === vscode.LanguageModelError.NotFound.name) {
      return new ModelError('modelNotFound', `The language model "${model.name}" is no longer available (${detail}). Choose another model family in the Planwright settings.`);
    }
  }
  return new ModelError('serverError', `The language model "${model.name}" failed: ${detail}`);
}
