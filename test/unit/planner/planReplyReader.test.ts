import * as assert from 'node:assert/strict';
import { PlanReplyReader } from '../../../src/core/planner/planReplyReader';
import { streamPlanReply } from '../../../src/core/planner/planStream';
import type { ChatModel } from '../../../src/core/ports';

/** Feeds `text` in chunks of `size` and returns, per push and at the end, the step ids handed on. */
function feed(text: string, size: number): string[][] {
  const reader = new PlanReplyReader();
  const batches: string[][] = [];
  for (let at = 0; at < text.length; at += size) batches.push(reader.push(text.slice(at, at + size)).map((line) => String((line.step as { id?: string } | undefined)?.id)));
  batches.push(reader.finish().map((line) => String((line.step as { id?: string } | undefined)?.id)));
  return batches;
}

describe('PlanReplyReader', () => {
  const lines = 'readFile {"path":"a.txt"}\nreadFile {"path":"b.txt"}\n';

  it('hands on each plan-language line as soon as it is complete', () => {
    const batches = feed(lines, 26);
    assert.deepEqual(batches[0], ['E1']);
    assert.deepEqual(batches.flat(), ['E1', 'E2']);
  });

  it('holds a JSON reply back until it ends, then reads it whole into the same steps', () => {
    const json = JSON.stringify({ steps: [{ tool: 'readFile', args: { path: 'a.txt' } }, { tool: 'readFile', args: { path: 'b.txt' } }] });
    const batches = feed(json, 10);
    assert.deepEqual(batches.slice(0, -1).flat(), []);
    assert.deepEqual(batches.at(-1), ['E1', 'E2']);
  });

  it('reports an unreadable JSON reply as a problem, not a step', () => {
    const reader = new PlanReplyReader();
    reader.push('{"steps": [');
    const end = reader.finish();
    assert.equal(end.length, 1);
    assert.equal(end[0]!.step, undefined);
    assert.ok(end[0]!.problems.length > 0);
  });

  it('names the line of a bad plan-language line once when the reply is streamed', async () => {
    const reply = 'E1 readFile {"path":"a.txt"}\nE2 readFile {path: "b.txt"}\n';
    const model: ChatModel = {
      chat: async (request) => {
        request.onText?.(reply);
        return { content: reply, toolCalls: [], model: 'planner', usage: { promptTokens: 1, completionTokens: 1, cachedTokens: 0, estimated: false }, latencyMs: 1 };
      },
    };
    const problems: string[] = [];
    for await (const item of streamPlanReply(model, { role: 'planner', messages: [] }, new PlanReplyReader())) if (item.kind === 'problem') problems.push(...item.problems);
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /^E2: line 2: column 13: the arguments of readFile are not valid JSON/);
    assert.equal(problems[0]!.match(/line 2/g)?.length, 1, problems[0]);
  });
});
