// Token counts for calls whose endpoint reported no usage. The text is cut into the pieces a BPE
// tokenizer of the o200k kind cuts it into before merging (its published pre-tokenizer pattern), and
// each piece is costed from its kind and length with a small table fitted against o200k_base, so no
// vocabulary ships. The measured error is in docs/models.md; every usage counted here is `estimated`.
import type { ChatMessage, ChatToolCall, ChatToolSpec, ChatUsage } from '../core/ports';

/** Counts the tokens of a text; the default is `estimateTokens`, the benchmark passes a real tokenizer. */
export type TokenCounter = (text: string) => number;

/**
 * o200k_base's pre-tokenizer: words split at case changes (with one leading non-letter, and English
 * contractions), numbers in groups of up to three digits, punctuation runs, line breaks, other spaces.
 * JavaScript has no inline `(?i:)`, so the contractions spell out both cases.
 */
const PIECE =
  /[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?:'[sStTmMdD]|'[rR][eE]|'[vV][eE]|'[lL][lL])?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?:'[sStTmMdD]|'[rR][eE]|'[vV][eE]|'[lL][lL])?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+/gu;

/**
 * Mean tokens of a piece by its length in characters (index = length; longer pieces extend the last
 * step linearly), fitted with gpt-tokenizer on TypeScript's own lib .d.ts files and package READMEs,
 * text the error is not measured on.
 */
const COST_BY_LENGTH: Readonly<Record<PieceKind, readonly number[]>> = {
  word: [0, 1, 1.01, 1.13, 1.03, 1.05, 1.11, 1.14, 1.18, 1.19, 1.26, 1.54, 1.56, 1.93, 2.3, 2.5, 2.9, 3.04, 3.2, 3.5, 3.8, 4.1, 4.4, 4.7, 5],
  otherScript: [0, 1, 1.6, 2.2, 2.6, 3, 3.4],
  number: [0, 1, 1, 1],
  punctuation: [0, 1, 1, 1.11, 1.31, 1.35, 1.99, 2.18, 2.7, 2.8, 3, 3.2],
  space: [0, 1, 1],
};

/** What a piece is, for costing: an ASCII word, letters of another script, digits, punctuation, spaces. */
export type PieceKind = 'word' | 'otherScript' | 'number' | 'punctuation' | 'space';

const ASCII_WORD = /^[^\p{L}\p{N}]?[A-Za-z]+(?:'[A-Za-z]+)?$/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const SPACE = /^\s+$/;
const DIGIT = /^\p{N}+$/u;

/** The kind of one piece. */
export function pieceKind(piece: string): PieceKind {
  if (ASCII_WORD.test(piece)) return 'word';
  if (DIGIT.test(piece)) return 'number';
  if (LETTER_OR_MARK.test(piece)) return 'otherScript';
  if (SPACE.test(piece)) return 'space';
  return 'punctuation';
}

/** The pieces of `text`, in order; together they are the text. */
export function tokenPieces(text: string): string[] {
  return Array.from(text.matchAll(PIECE), ([piece]) => piece);
}

function pieceCost(piece: string): number {
  const table = COST_BY_LENGTH[pieceKind(piece)];
  const last = table.length - 1;
  if (piece.length <= last) return table[piece.length]!;
  return table[last]! + (piece.length - last) * (table[last]! - table[last - 1]!);
}

/** The tokens of `text` as o200k_base would count them, estimated without its vocabulary. */
export function estimateTokens(text: string): number {
  let total = 0;
  for (const piece of tokenPieces(text)) total += pieceCost(piece);
  return Math.round(total);
}

/** Tokens a chat template adds around each message (role markers), as OpenAI documents for its models. */
const PER_MESSAGE_TOKENS = 4;
/** Tokens that prime the assistant's reply. */
const REPLY_PRIMING_TOKENS = 3;

/** The tokens of a conversation as a model would be prompted with it, tools included. */
export function estimatePromptTokens(messages: readonly ChatMessage[], tools: readonly ChatToolSpec[] = [], count: TokenCounter = estimateTokens): number {
  let total = REPLY_PRIMING_TOKENS;
  for (const message of messages) {
    total += PER_MESSAGE_TOKENS + count(message.content);
    for (const call of message.toolCalls ?? []) total += count(call.name) + count(call.arguments);
  }
  for (const tool of tools) total += count(JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.parameters }));
  return total;
}

/** The usage of one call, counted locally and marked estimated. */
export function estimateUsage(
  messages: readonly ChatMessage[],
  tools: readonly ChatToolSpec[] | undefined,
  content: string,
  toolCalls: readonly ChatToolCall[],
  count: TokenCounter = estimateTokens,
): ChatUsage {
  const completion = count(content) + toolCalls.reduce((sum, call) => sum + count(call.name) + count(call.arguments), 0);
  return { promptTokens: estimatePromptTokens(messages, tools, count), completionTokens: completion, cachedTokens: 0, estimated: true };
}
