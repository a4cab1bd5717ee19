// What went wrong in one call to an OpenAI-compatible endpoint, in terms the user can act on: each
// ModelError names the setting (VS Code) or environment variable (CLI) to change. Also decides which
// failures are worth another attempt and how long the server asked us to wait.
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { ModelError } from '../core/errors';
import { quote } from '../core/text/quote';
import { shorten } from '../core/text/shorten';
import { UnexpectedReplyError } from './sseData';

/** Where the user configures each thing, named in error messages. */
export const MODEL_SETTINGS = {
  baseUrl: 'planwright.baseUrl (CLI: PLANWRIGHT_BASE_URL)',
  apiKey: '"Planwright: Set API Key…" in VS Code (CLI: PLANWRIGHT_API_KEY)',
  plannerModel: 'planwright.plannerModel (CLI: PLANWRIGHT_PLANNER_MODEL or PLANWRIGHT_MODEL)',
  workerModel: 'planwright.workerModel (CLI: PLANWRIGHT_WORKER_MODEL or PLANWRIGHT_MODEL)',
} as const;

/** What the classifier needs to know about the call that failed. */
export interface CallContext {
  readonly baseUrl: string;
  readonly model: string;
  readonly modelSetting: string;
  readonly hasApiKey: boolean;
  readonly attempts: number;
  /** The last attempt's stream had begun (a chunk arrived) when it failed: the endpoint was reached. */
  readonly midReply?: boolean;
  /** Removes secrets from text that came from the server. */
  readonly redact: (text: string) => string;
}

/** A failed attempt: the error to report, whether another attempt may succeed, and the server's wait. */
export interface ClassifiedFailure {
  readonly error: ModelError;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
}

/** The `Retry-After` (seconds or HTTP date) or `retry-after-ms` header, in milliseconds. */
export function retryAfterMs(headers: Headers | undefined, now: number): number | undefined {
  const millis = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(millis) && millis >= 0) return millis;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The server's own words, shortened and stripped of secrets. */
function serverText(error: APIError, context: CallContext): string {
  return shorten(context.redact(error.message), 300);
}

/** Characters of an odd body quoted in a message. */
const EXCERPT_CHARS = 200;

/** What the endpoint sent instead of a stream, quoted: spaces collapsed, the key removed, shortened, escaped. */
function sanitizedExcerpt(text: string, context: CallContext): string {
  const printable = context.redact(text).replace(/\s+/g, ' ').trim();
  return printable.length === 0 ? 'an empty body' : quote(printable, EXCERPT_CHARS);
}

/** An HTML page, a whole JSON body or a chunk that is not JSON: what came back, and what to check. */
function unexpectedReply(error: UnexpectedReplyError, context: CallContext): ModelError {
  const excerpt = sanitizedExcerpt(error.excerpt, context);
  if (error.kind === 'malformedChunk') {
    return new ModelError('badReply', `The model endpoint at ${context.baseUrl} sent a stream chunk that is not JSON: ${excerpt}. It does not speak the OpenAI streaming format; check that ${MODEL_SETTINGS.baseUrl} names an OpenAI-compatible API root.`);
  }
  const type = error.contentType || 'no content type';
  const hint = /json/i.test(type) ? 'a whole JSON body: the server ignored "stream": true, which Planwright needs' : /html/i.test(type) ? 'a web page, not an API' : 'not a chat completion stream';
  return new ModelError('badReply', `The model endpoint at ${context.baseUrl} answered with ${type} instead of a stream of chat completion chunks (${hint}): ${excerpt}. Check that ${MODEL_SETTINGS.baseUrl} is the API root of an OpenAI-compatible server (often ending in /v1).`);
}

/** Whether a 400/422 says the endpoint does not accept this request parameter. */
export function rejectsParameter(error: unknown, pattern: RegExp): boolean {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return false;
  // The endpoint's reply is all there is to go on: OpenAI names the parameter in `param`, most
  // compatible servers (vLLM, llama.cpp, LM Studio, Ollama) only in the message.
  return pattern.test(`${error.param ?? ''} ${error.message}`);
}

/** Classifies an error thrown by an attempt (not a cancellation or a timeout, which the caller knows). */
export function classifyFailure(error: unknown, context: CallContext, now: number): ClassifiedFailure {
  const { baseUrl, model, modelSetting, attempts } = context;
  const after = `after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
  if (error instanceof APIConnectionTimeoutError) {
    return { error: new ModelError('timeout', `The model endpoint at ${baseUrl} did not answer in time (${after}). Check the server, or use a faster model.`), retryable: true };
  }
  if (error instanceof UnexpectedReplyError) return { error: unexpectedReply(error, context), retryable: false };
  if (error instanceof APIConnectionError || !(error instanceof APIError)) {
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    if (context.midReply) {
      return {
        error: new ModelError('unreachable', `The model endpoint at ${baseUrl} closed the connection in the middle of its reply (${shorten(context.redact(cause), 200)}; ${after}). Check the server's log: it may have stopped or hit a limit.`),
        retryable: true,
      };
    }
    return {
      error: new ModelError('unreachable', `Cannot reach the model endpoint at ${baseUrl} (${shorten(context.redact(cause), 200)}; ${after}). Check that the server is running and that ${MODEL_SETTINGS.baseUrl} is right.`),
      retryable: true,
    };
  }
  const status = error.status;
  if (status === 401) {
    const what = context.hasApiKey ? 'rejected the API key' : 'needs an API key and none is set';
    return { error: new ModelError('unauthorized', `The model endpoint at ${baseUrl} ${what} (401). Set the key with ${MODEL_SETTINGS.apiKey}.`), retryable: false };
  }
  if (status === 403) {
    return { error: new ModelError('unauthorized', `The model endpoint at ${baseUrl} refused access to model "${model}" (403): ${serverText(error, context)}. Check the API key's permissions (${MODEL_SETTINGS.apiKey}) or choose another model in ${modelSetting}.`), retryable: false };
  }
  if (status === 404) {
    return {
      error: new ModelError('modelNotFound', `The model endpoint at ${baseUrl} has no model "${model}" (404). Set ${modelSetting} to a model it serves; if the name is right, check that ${MODEL_SETTINGS.baseUrl} is the API root (often ending in /v1).`),
      retryable: false,
    };
  }
  if (status === 429) {
    return {
      error: new ModelError('rateLimited', `The model endpoint at ${baseUrl} is rate-limiting requests (429, ${after}): ${serverText(error, context)}. Wait and try again, or lower planwright.maxModelCalls.`),
      retryable: true,
      retryAfterMs: retryAfterMs(error.headers, now),
    };
  }
  if (status === 408 || status === 409 || status === undefined || status >= 500) {
    const code = status === undefined ? 'an error in the stream' : String(status);
    return {
      error: new ModelError('serverError', `The model endpoint at ${baseUrl} failed (${code}, ${after}): ${serverText(error, context)}`),
      retryable: true,
      retryAfterMs: retryAfterMs(error.headers, now),
    };
  }
  return { error: new ModelError('badRequest', `The model endpoint at ${baseUrl} rejected the request for "${model}" (${status}): ${serverText(error, context)}`), retryable: false };
}
