// The scripted model behind the benchmark: one OpenAI-compatible server (the test double in
// test/support) answers every run's calls from its task's script. A call names its run and role in
// the model name (`<run>::<role>`), so runs in flight at once never mix. The re-planner's answer depends
// on what is done, which the run reports as it goes (the same state the tree view shows). Every reply
// carries the usage a provider would bill for the request as received (wireBilling), so token figures
// count every byte sent: messages, tool specs and the response format's schema. A repair comes as its
// own role (`repairer`), so it is never taken for a worker's draft.
import { countTokens } from 'gpt-tokenizer';
import type { RunState } from '../src/core/run/runState';
import type { RunMode } from '../src/core/run/runMode';
import { MAKE_PLAN_TOOL } from '../src/core/fused/fusedTools';
import type { ChatModel, ChatRequest, ModelRole } from '../src/core/ports';
import { OpenAiChatModel } from '../src/node/openAiChatModel';
import type { ScriptedReply } from '../test/support/scriptedModelServer';
import type { BenchTask } from './tasks/benchTask';
import { billedCompletionTokens, billedPromptTokens, type WireRequest } from './wireBilling';
import { autoEscalation, fusedTurns, plannerReply, repairReply, replanReply, type ScriptedTurn } from './tasks/scriptedBehaviour';
import { proposedEditsReply } from './tasks/v2/v2Script';

/** A run the endpoint answers for. `state` is updated by the run as it goes. */
export interface ScriptSession {
  readonly key: string;
  readonly task: BenchTask;
  readonly mode: RunMode;
  /** Whether the agent sends independent calls together in one turn. */
  readonly parallelCalls: boolean;
  state?: RunState;
}

interface SessionScript {
  readonly session: ScriptSession;
  readonly turns: readonly ScriptedTurn[];
  turn: number;
  readonly workerReplies: string[];
}

const SEPARATOR = '::';

/** The fused agent's turns in a mode: in auto, the competent agent escalates at once when the rule says so. */
export function agentTurns(task: BenchTask, mode: RunMode, parallelCalls: boolean): ScriptedTurn[] {
  const escalation = mode === 'auto' ? autoEscalation(task) : undefined;
  if (escalation) return [{ kind: 'calls', calls: [{ name: MAKE_PLAN_TOOL, args: { reason: escalation } }] }];
  return fusedTurns(task, parallelCalls);
}

/** Answers requests by the script of the run named in their model field. */
export class ScriptedEndpoint {
  private readonly sessions = new Map<string, SessionScript>();

  /** Starts answering for `session`. */
  open(session: ScriptSession): void {
    this.sessions.set(session.key, { session, turns: agentTurns(session.task, session.mode, session.parallelCalls), turn: 0, workerReplies: [...session.task.workerReplies] });
  }

  close(key: string): void {
    this.sessions.delete(key);
  }

  /** The reply to one request body, as the scripted server wants it, with the usage billed for it. */
  reply(body: WireRequest & { model?: string }): ScriptedReply {
    const reply = this.scriptedReply(body);
    if ('status' in reply || 'hang' in reply || 'body' in reply) return reply;
    const completion = billedCompletionTokens(reply.content ?? '', reply.toolCalls ?? []);
    return { ...reply, usage: { prompt_tokens: billedPromptTokens(body), completion_tokens: completion } };
  }

  private scriptedReply(body: WireRequest & { model?: string }): ScriptedReply {
    const [key, role] = String(body.model).split(SEPARATOR) as [string, ModelRole | undefined];
    const script = this.sessions.get(key);
    if (!script || !role) return { status: 404, message: `no scripted run "${String(body.model)}"` };
    const { task } = script.session;
    switch (role) {
      case 'planner':
        return { content: plannerReply(task) };
      case 'replanner':
        return { content: replanReply(task, brokenId(script.session.state), new Set(script.session.state?.plan.steps.map((step) => step.id))) };
      case 'repairer':
        return { content: repairReply(task) };
      case 'solver':
        return { content: task.summary };
      case 'worker':
        return { content: proposedEditsReply(task, body.messages) ?? script.workerReplies.shift() ?? task.summary };
      case 'fused':
        return this.agentReply(script);
    }
  }

  private agentReply(script: SessionScript): ScriptedReply {
    const turn = script.turns[script.turn++];
    if (!turn) return { status: 500, message: `the script of ${script.session.key} has no turn ${script.turn}` };
    if (turn.kind === 'final') return { content: turn.text };
    return { toolCalls: turn.calls.map((call, index) => ({ id: `call_${script.turn}_${index}`, name: call.name, arguments: JSON.stringify(call.args) })) };
  }
}

/** The step of the current revision that failed or became unknown, which the re-planner is asked about. */
function brokenId(state: RunState | undefined): string | undefined {
  return state?.plan.steps.find((step) => ['failed', 'unknown'].includes(state.steps.get(step.id)?.status ?? ''))?.id;
}

/** A ChatModel for one run: every role through the real openai client, named `<run>::<role>`. */
export function sessionModel(baseUrl: string, key: string): ChatModel {
  const byRole = new Map<ModelRole, OpenAiChatModel>();
  const modelFor = (role: ModelRole): OpenAiChatModel => {
    let model = byRole.get(role);
    if (!model) {
      const name = `${key}${SEPARATOR}${role}`;
      model = new OpenAiChatModel({ baseUrl, plannerModel: name, workerModel: name, maxAttempts: 1, countTokens });
      byRole.set(role, model);
    }
    return model;
  };
  return { chat: (request: ChatRequest, signal?: AbortSignal) => modelFor(request.role).chat(request, signal) };
}
