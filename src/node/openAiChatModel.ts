// The ChatModel port over any OpenAI-compatible endpoint (OpenAI, Azure OpenAI, Ollama, LM Studio,
// vLLM, llama.cpp server, OpenRouter) through the `openai` package. Streams every call (handing the text
// to the request's `onText` as it arrives), reads usage from the final chunk (or estimates it locally,
// marked estimated), retries what is transient with backoff — only until the first text was delivered —
// and turns every failure into a ModelError that says what to change.
import OpenAI from 'openai';
import { ModelError } from '../core/errors';
import { type ChatModel, type ChatRequest, type ChatResponse, type Clock, type ModelRole, type PlanFormat } from '../core/ports';
import { PLANNER_ROLES } from '../core/planner/plannerRoles';
import { nodeClock } from './nodeClock';
import { classifyFailure, MODEL_SETTINGS, rejectsParameter, type CallContext } from './openAiErrors';
import { buildCompletionParams, streamCompletion, type JsonMode, type StreamResult } from './openAiStream';
import { estimateUsage, type TokenCounter } from './tokenEstimate';
import { DEFAULT_MODEL_TIMEOUT_SECONDS } from '../core/run/modelTimeout';

/** Everything the adapter needs, passed in as values (never read from the environment here). */
export interface OpenAiChatModelConfig {
  /** The API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  readonly baseUrl?: string;
  /** Sent as a bearer token; local servers need none. Never logged or put in a message. */
  readonly apiKey?: string;
  /** Model for the planner and re-planner; falls back to `workerModel`. */
  readonly plannerModel?: string;
  /** Model for the worker, solver and fused loop; falls back to `plannerModel`. */
  readonly workerModel?: string;
  /** Longest wait for the first chunk, and between two chunks, before an attempt times out. */
  readonly timeoutMs?: number;
  /** Attempts per call, the first included; transient failures (429, 5xx, connection) are retried. */
  readonly maxAttempts?: number;
  /** Delay before attempt `attempt + 1` when the server gave no Retry-After. */
  readonly backoffMs?: (attempt: number) => number;
  /** A Retry-After longer than this is not waited for: the call fails with the server's reason. */
  readonly maxRetryAfterMs?: number;
  /** Time and sleeping, injectable so tests of backoff do not wait. */
  readonly clock?: Clock;
  /** Counts tokens when the endpoint reports no usage; the built-in estimate unless given (the benchmark gives a real tokenizer). */
  readonly countTokens?: TokenCounter;
  /** The form plans are asked in (`planwright.planFormat`, `PLANWRIGHT_PLAN_FORMAT`); absent: the compact plan language. */
  readonly planFormat?: PlanFormat;
}

/** Longest silence (before the first chunk or between two) an attempt waits through. */
export const DEFAULT_TIMEOUT_MS = DEFAULT_MODEL_TIMEOUT_SECONDS * 1000;
/** Attempts per call, the first included. */
export const DEFAULT_MAX_ATTEMPTS = 4;
const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;
/** Downgrades (JSON mode, stream options) within one call; each is also remembered for later calls. */
const MAX_DOWNGRADES = 3;

/** Exponential backoff with jitter: ~0.5 s, 1 s, 2 s, … capped at 8 s. */
export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(8_000, 500 * 2 ** (attempt - 1));
  return Math.round(base * (0.5 + Math.random() * 0.5));
}

const FORMAT_PARAMETER = /response_format|json[_ ]schema|json_object|structured output|guided_json|grammar/i;
const STREAM_OPTIONS_PARAMETER = /stream_options|include_usage/i;
const NEXT_JSON_MODE: Record<JsonMode, JsonMode | undefined> = { jsonSchema: 'jsonObject', jsonObject: 'prompted', prompted: undefined };

/** A ChatModel over one OpenAI-compatible endpoint. */
export class OpenAiChatModel implements ChatModel {
  private readonly clock: Clock;
  private client: OpenAI | undefined;
  /** The strongest JSON mode this endpoint has not rejected; lowered once per rejection, never raised. */
  private jsonMode: JsonMode = 'jsonSchema';
  private streamUsage = true;

  constructor(private readonly config: OpenAiChatModelConfig) {
    this.clock = config.clock ?? nodeClock;
  }

  get planFormat(): PlanFormat | undefined {
    return this.config.planFormat;
  }

  /** The model that serves `role`, and the setting that names it. */
  modelFor(role: ModelRole): { readonly model: string; readonly setting: string } {
    const planner = PLANNER_ROLES.has(role);
    const model = (planner ? this.config.plannerModel || this.config.workerModel : this.config.workerModel || this.config.plannerModel)?.trim();
    const setting = planner ? MODEL_SETTINGS.plannerModel : MODEL_SETTINGS.workerModel;
    if (!model) throw new ModelError('modelNotFound', `No model is configured for the ${role}: set ${setting}.`);
    return { model, setting };
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const started = this.clock.now();
    const { client, baseUrl } = this.connect();
    const { model, setting } = this.modelFor(request.role);
    const maxAttempts = Math.max(1, this.config.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    let downgrades = 0;
    // Text handed to the caller cannot be taken back: once any arrived, a failure is not retried.
    let delivered = 0;
    const listener = request.onText;
    const onText = listener && ((delta: string) => {
      delivered += delta.length;
      listener(delta);
    });
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw cancelled();
      const jsonMode = request.responseFormat && !request.responseFormat.schema && this.jsonMode === 'jsonSchema' ? 'jsonObject' : this.jsonMode;
      const params = buildCompletionParams(request, { model, jsonMode, streamUsage: this.streamUsage });
      const outcome = await this.attempt(client, params, signal, onText);
      if ('result' in outcome) return this.response(request, outcome.result, started);
      const error = outcome.error;
      if (signal?.aborted) throw cancelled();
      if (delivered === 0 && downgrades < MAX_DOWNGRADES && this.downgrade(error, request, jsonMode)) {
        downgrades++;
        attempt--;
        continue;
      }
      const context: CallContext = { baseUrl, model, modelSetting: setting, hasApiKey: Boolean(this.config.apiKey), attempts: attempt, midReply: outcome.midReply, redact: (text) => this.redact(text) };
      const failure = outcome.timedOut
        ? { error: new ModelError('timeout', `No answer from the model endpoint at ${baseUrl} within ${this.timeoutMs() / 1000} s (after ${attempt} attempt${attempt === 1 ? '' : 's'}). Check the server, or use a faster model.`), retryable: true }
        : classifyFailure(error, context, this.clock.now());
      if (delivered > 0) throw brokenOff(failure.error, delivered);
      if (!failure.retryable || attempt >= maxAttempts) throw failure.error;
      const wait = 'retryAfterMs' in failure && failure.retryAfterMs !== undefined ? failure.retryAfterMs : (this.config.backoffMs ?? defaultBackoffMs)(attempt);
      if (wait > (this.config.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS)) throw failure.error;
      try {
        await this.clock.sleep(wait, signal);
      } catch {
        throw cancelled();
      }
    }
  }

  /** The client, built on first use; fails with `noEndpoint` while no valid base URL is configured. */
  private connect(): { client: OpenAI; baseUrl: string } {
    const baseUrl = this.config.baseUrl?.trim();
    if (!baseUrl) {
      throw new ModelError('noEndpoint', `No model endpoint is configured: set ${MODEL_SETTINGS.baseUrl} to an OpenAI-compatible API root, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama).`);
    }
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new ModelError('noEndpoint', `The model endpoint "${baseUrl}" is not a URL: set ${MODEL_SETTINGS.baseUrl} to an http(s) API root, e.g. https://api.openai.com/v1.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ModelError('noEndpoint', `The model endpoint "${baseUrl}" is not http(s): set ${MODEL_SETTINGS.baseUrl} to an http(s) API root.`);
    }
    this.client ??= new OpenAI({
      baseURL: baseUrl,
      // Local servers need no key, but the client insists on one; the placeholder is what they ignore.
      apiKey: this.config.apiKey || 'no-key',
      // Explicit values, so nothing leaks in from OPENAI_* variables of the environment.
      organization: null,
      project: null,
      maxRetries: 0,
      timeout: this.timeoutMs(),
      logLevel: 'off',
    });
    return { client: this.client, baseUrl };
  }

  private timeoutMs(): number {
    return this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** One streamed request under an idle timeout, linked to the caller's signal. */
  private async attempt(
    client: OpenAI,
    params: ReturnType<typeof buildCompletionParams>,
    signal: AbortSignal | undefined,
    onText: ((delta: string) => void) | undefined,
  ): Promise<{ result: StreamResult } | { error: unknown; timedOut: boolean; midReply: boolean }> {
    const controller = new AbortController();
    let timedOut = false;
    let midReply = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, this.timeoutMs());
    };
    const forward = () => controller.abort();
    signal?.addEventListener('abort', forward);
    arm();
    const onChunk = () => {
      midReply = true;
      arm();
    };
    try {
      const result = await streamCompletion(client, params, controller.signal, onChunk, onText);
      // The SDK ends a stream quietly when it is aborted, so an aborted stream is not a reply.
      if (controller.signal.aborted) return { error: new Error('aborted'), timedOut, midReply };
      // The SDK also ends quietly when the connection drops mid-reply. A caller reading the text as it
      // arrives (a streamed plan) must not take a cut-off reply for a whole one.
      if (onText && !result.finished) return { error: new Error('the stream ended without a finish reason'), timedOut, midReply };
      return { result };
    } catch (error) {
      return { error, timedOut, midReply };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    }
  }

  /** Lowers the JSON mode or drops stream options when the endpoint rejected them; true when it did. */
  private downgrade(error: unknown, request: ChatRequest, jsonMode: JsonMode): boolean {
    if (this.streamUsage && rejectsParameter(error, STREAM_OPTIONS_PARAMETER)) {
      this.streamUsage = false;
      return true;
    }
    const next = NEXT_JSON_MODE[jsonMode];
    if (!request.responseFormat || !next || !rejectsParameter(error, FORMAT_PARAMETER)) return false;
    this.jsonMode = next;
    return true;
  }

  private response(request: ChatRequest, result: StreamResult, started: number): ChatResponse {
    if (result.content.length === 0 && result.toolCalls.length === 0) {
      throw new ModelError('badReply', `The model "${result.model}" sent an empty reply.`);
    }
    return {
      content: result.content,
      toolCalls: result.toolCalls,
      model: result.model,
      usage: result.usage ?? estimateUsage(request.messages, request.tools, result.content, result.toolCalls, this.config.countTokens),
      latencyMs: this.clock.now() - started,
    };
  }

  private redact(text: string): string {
    const key = this.config.apiKey;
    return key && key.length >= 4 ? text.split(key).join('***') : text;
  }
}

/** A failure after part of the reply was delivered: the same reason, saying why it was not retried. */
function brokenOff(error: ModelError, delivered: number): ModelError {
  return new ModelError(error.reason, `${error.message} The reply broke off after ${delivered} characters had arrived; it was not retried, because they were already in use.`);
}

function cancelled(): ModelError {
  return new ModelError('cancelled', 'The model call was cancelled.');
}
