// Reading a streamed plan from a run's trace: each arrived step is matched to the planning call it came
// from, with the completion tokens out when its line was complete; other events and other calls pass by.
import * as assert from 'node:assert/strict';
import { countTokens } from 'gpt-tokenizer';
import type { ChatRequest } from '../../../src/core/ports';
import type { RecordedCall } from '../../../bench/recordingModel';
import { streamedSteps } from '../../../bench/streamedSteps';

const call = (role: ChatRequest['role'], content: string, start: number): RecordedCall => ({
  request: { role, messages: [] },
  model: 'recorded-model',
  content,
  usage: { promptTokens: 10, completionTokens: countTokens(content), cachedTokens: 0, estimated: false },
  start,
  end: start + 5,
});

const PLAN = 'readFile src/a.js\neditFile src/a.js find "x" replace "y"\nrunCommand npm test\n';

describe('streamedSteps', () => {
  it('matches each arrived step to the planning call before it, counting the reply\'s tokens up to its line', () => {
    const calls = [call('fused', 'ignored', 0), call('planner', PLAN, 10), call('worker', 'draft', 40)];
    const trace = [
      { type: 'llm', at: 1, runId: 'r' },
      { type: 'stepArrived', at: 12, runId: 'r', stepId: 'E1', streamOffset: { chars: 18 } },
      { type: 'earlyStart', at: 13, runId: 'r', stepId: 'E1', streamOffset: { chars: 40 } },
      { type: 'stepArrived', at: 14, runId: 'r', stepId: 'E2', streamOffset: { chars: 56, tokens: 17 } },
      { type: 'earlyStart', at: 15, runId: 'r', stepId: 'E3', streamOffset: { chars: PLAN.length } },
    ];
    assert.deepEqual(streamedSteps(trace, calls), [
      { stepId: 'E1', call: 1, completionTokens: countTokens(PLAN.slice(0, 18)), at: 12 },
      { stepId: 'E2', call: 1, completionTokens: 17, at: 14 },
      { stepId: 'E3', call: 1, completionTokens: countTokens(PLAN), at: 15 },
    ]);
  });

  it('finds nothing in a run that did not stream, or before any planning call', () => {
    assert.deepEqual(streamedSteps([{ type: 'intent', at: 1, stepId: 'E1' }], [call('planner', PLAN, 0)]), []);
    assert.deepEqual(streamedSteps([{ type: 'stepArrived', at: 1, stepId: 'E1', streamOffset: { chars: 3 } }], [call('planner', PLAN, 5)]), []);
  });
});
