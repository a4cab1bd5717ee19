// One model call for a reply that must pass a check, with exactly one repair turn: an unusable reply is
// sent back with the problems quoted, and a second unusable reply is a PlannerError. Shared by the
// planner and the re-planner, so both treat model output the same way.
import type { UsageRecord } from '../run/journalRecords';
import { usageOf } from '../run/meteredModel';
import type { ChatMessage, ChatModel, ChatRequest } from '../ports';
import { parseModelJson } from './modelJson';
import { PlannerError, type PlannerErrorReason } from './plannerError';

/** A reply's verdict: the accepted value, or one line per problem. */
export type ReplyCheck<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly string[] };

/** What to ask, and how to judge the answer. */
export interface RepairableCall<T> {
  readonly request: ChatRequest;
  /** Judges the text of a reply (`jsonReply` adapts a judge of parsed JSON). */
  check(reply: string): ReplyCheck<T>;
  /** How the reply is named in messages, a singular noun: "plan", "patch". */
  readonly what: string;
  /** How the corrected reply is to be written: "as JSON only", "in the plan language, one step per line". */
  readonly replyAs: string;
  readonly failure: PlannerErrorReason;
  /** Takes the first reply's text as it streams in, and judges that reply in place of `check` once it is complete. */
  readonly stream?: ReplyStream<T>;
}

/** A first reply read while it arrives (the re-planner's patch lines, applied one by one). */
export interface ReplyStream<T> {
  onText(delta: string): void;
  /** Judges the complete first reply; what streamed in has been taken already. */
  settled(reply: string): Promise<ReplyCheck<T>>;
  /** What the repair turn must know beyond the problems: what of the first reply took effect, and how to answer. */
  repairNote?(): readonly string[];
  /** What of the first reply took effect, in a few words; empty when nothing did. */
  effectNote?(): string;
}

/** At most this many problems are quoted back to the model (the rest are counted). */
const QUOTED_PROBLEMS = 30;

/** The user turn that asks for a corrected reply, quoting the problems found; `note` says what of the reply took effect already. */
function repairMessage(what: string, replyAs: string, problems: readonly string[], note: readonly string[] = []): ChatMessage {
  const quoted = problems.slice(0, QUOTED_PROBLEMS).map((problem) => `- ${problem}`);
  if (problems.length > QUOTED_PROBLEMS) quoted.push(`- … and ${problems.length - QUOTED_PROBLEMS} more`);
  const ask = note.length > 0 ? [...note, `Reply ${replyAs}, fixing every problem above.`] : [`Reply with the whole corrected ${what} ${replyAs}, fixing every problem above.`];
  return { role: 'user', content: [`The ${what} you returned did not pass validation. The validator found:`, ...quoted, '', ...ask].join('\n') };
}

/** A reply judge that parses the reply as JSON first and hands the value to `check`. */
export function jsonReply<T>(check: (value: unknown) => ReplyCheck<T>): (reply: string) => ReplyCheck<T> {
  return (reply) => {
    const parsed = parseModelJson(reply);
    return parsed.ok ? check(parsed.value) : { ok: false, problems: [parsed.problem] };
  };
}

/** Asks, checks, and repairs once; returns the accepted value with the usage of every call made. */
export async function askWithRepair<T>(model: ChatModel, call: RepairableCall<T>, signal?: AbortSignal): Promise<{ value: T; usage: UsageRecord[] }> {
  const usage: UsageRecord[] = [];
  const ask = async (messages: readonly ChatMessage[], stream?: ReplyStream<T>) => {
    const response = await model.chat({ ...call.request, messages, ...(stream ? { onText: (delta: string) => stream.onText(delta) } : {}) }, signal);
    usage.push(usageOf(response, call.request.role, call.request.projectRules));
    return { reply: response.content, verdict: stream ? await stream.settled(response.content) : call.check(response.content) };
  };

  const first = await ask(call.request.messages, call.stream);
  if (first.verdict.ok) return { value: first.verdict.value, usage };
  const repair = [...call.request.messages, { role: 'assistant' as const, content: first.reply }, repairMessage(call.what, call.replyAs, first.verdict.problems, call.stream?.repairNote?.())];
  const second = await ask(repair);
  if (second.verdict.ok) return { value: second.verdict.value, usage };
  const problems = second.verdict.problems;
  throw new PlannerError(
    call.failure,
    `The model's ${call.what} was invalid twice (after one repair turn); ${call.stream?.effectNote?.() || 'nothing was run'}. Problems:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
    problems,
    usage,
  );
}
