// The planner's reply read as it arrives: each step line goes on as soon as the text completes it,
// with the reply's length at that moment, then the call's usage; a failed call ends the stream with its error.
import * as assert from 'node:assert/strict';
import { runStreamedPlan } from '../../../src/core/executor/streamedPlanRun';
import type { PlanStreamItem } from '../../../src/core/run/modelRoles';
import { CompactPlanReader } from '../../../src/core/plan/compact/compactPlanReader';
import { streamPlanReply, type PlanLine, type PlanLineReader } from '../../../src/core/planner/planStream';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../src/core/ports';
import { fakeRunDeps, liveSignal, runOptions, traceEvents } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';

/** A reader of one JSON step per line, standing in for the compact plan language's reader. */
class JsonLinesReader implements PlanLineReader {
  private pending = '';
  private line = 0;
  push(chunk: string): PlanLine[] {
    const lines = (this.pending + chunk).split('\n');
    this.pending = lines.pop()!;
    return lines.map((text) => this.read(text));
  }
  finish(): PlanLine[] {
    return this.pending ? [this.read(this.pending)] : [];
  }
  private read(text: string): PlanLine {
    this.line++;
    try {
      return { step: JSON.parse(text), problems: [], line: this.line };
    } catch {
      return { problems: [{ path: '', message: 'not JSON' }], line: this.line };
    }
  }
}

/** A model that delivers `reply` in pieces of `size`, each after the consumer had a chance to read. */
function piecewiseModel(reply: string, size: number, failAfter?: number): ChatModel & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    async chat(request: ChatRequest): Promise<ChatResponse> {
      for (let at = 0; at < reply.length; at += size) {
        if (failAfter !== undefined && at >= failAfter) throw new Error('connection reset');
        await new Promise((resolve) => setImmediate(resolve));
        seen.push(`delta@${at}`);
        request.onText?.(reply.slice(at, at + size));
      }
      return { content: reply, toolCalls: [], model: 'planner-model', usage: { promptTokens: 50, completionTokens: 12, cachedTokens: 0, estimated: false }, latencyMs: 7 };
    },
  };
}

const REPLY = '{"id":"E1"}\n{"id":"E2"}\nnot a step\n{"id":"E3"}';
const request: ChatRequest = { role: 'planner', messages: [{ role: 'user', content: 'plan' }] };

describe('streamPlanReply', () => {
  it('yields each step line as the text completes it, with the reply length at that moment, then the usage', async () => {
    const model = piecewiseModel(REPLY, 5);
    const items: PlanStreamItem[] = [];
    const deltasWhenFirstArrived: number[] = [];
    for await (const item of streamPlanReply(model, request, new JsonLinesReader())) {
      if (items.length === 0) deltasWhenFirstArrived.push(model.seen.length);
      items.push(item);
    }
    assert.ok(deltasWhenFirstArrived[0]! < Math.ceil(REPLY.length / 5), 'the first step came before the reply was complete');
    assert.deepEqual(items.map((item) => item.kind), ['step', 'step', 'problem', 'step', 'usage']);
    assert.deepEqual(items[0], { kind: 'step', step: { id: 'E1' }, offset: { chars: 15 } });
    assert.deepEqual(items[2], { kind: 'problem', problems: ['line 3: not JSON'], offset: { chars: 35 } });
    assert.deepEqual(items[3], { kind: 'step', step: { id: 'E3' }, offset: { chars: REPLY.length } });
    assert.deepEqual(items[4], { kind: 'usage', usage: { role: 'planner', model: 'planner-model', promptTokens: 50, completionTokens: 12, cachedTokens: 0, estimated: false, ms: 7 } });
  });

  it("yields what arrived, then throws the call's error when the reply breaks off", async () => {
    const items: PlanStreamItem[] = [];
    await assert.rejects(async () => {
      for await (const item of streamPlanReply(piecewiseModel(REPLY, 5, 25), request, new JsonLinesReader())) items.push(item);
    }, /connection reset/);
    assert.deepEqual(items.map((item) => item.kind === 'step' && item.step), [{ id: 'E1' }, { id: 'E2' }]);
  });

  it('streams a compact plan through its reader into a run', async () => {
    const reply = ['```', 'E1 readFile {"path":"in.txt"}', 'E2 writeFile {"path":"out.txt","content":"copy: #E1"}', '```'].join('\n');
    const workspace = new MemoryWorkspace({ 'in.txt': 'input' });
    const deps = fakeRunDeps({ workspace });
    const source = streamPlanReply(piecewiseModel(reply, 6), request, new CompactPlanReader());
    const outcome = await runStreamedPlan(source, { runId: 'compact', goal: 'copy', revision: 1, options: runOptions() }, deps, liveSignal());
    assert.ok(outcome.ran);
    assert.equal(outcome.report.status, 'succeeded');
    assert.equal(workspace.files.get('out.txt'), 'copy: input');
    const arrived = (await traceEvents(deps.trace)).filter((event) => event.type === 'stepArrived');
    assert.deepEqual(arrived.map((event) => event.type === 'stepArrived' && event.stepId), ['E1', 'E2']);
  });
});
