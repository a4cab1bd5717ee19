// Unit tests of the trace timeline: times relative to the run's start, one readable line per event, a link
// to the raw JSON lines, and lines that are not trace events counted rather than shown.
import * as assert from 'node:assert/strict';
import { relativeTime, traceTimeline } from '../../../src/core/view/traceTimeline';

describe('traceTimeline', () => {
  const events = [
    { type: 'intent', at: 1_000, runId: 'r', stepId: 'E4', tool: 'runCommand', args: { command: 'npm test' }, attempt: 1 },
    { type: 'result', at: 2_250, runId: 'r', stepId: 'E4', attempt: 1, ok: false, ms: 1_250, failure: { kind: 'definite', reason: 'exitCode', message: 'exit code 1' } },
    { type: 'replan', at: 4_000, runId: 'r', revision: 2, failedStepId: 'E4', added: ['R1'], removed: [], changed: ['E5'] },
    'not json',
  ];

  it('times each event from the start of the run and says what happened to which step', () => {
    const text = traceTimeline(events, { title: 'Trace of run r', rawLink: 'file:///tmp/r.trace.jsonl', startedAt: 500 });
    const lines = text.split('\n');
    assert.equal(lines[0], '# Trace of run r');
    assert.equal(lines[2], '3 events · [raw JSON lines](file:///tmp/r.trace.jsonl) · 1 lines that are not trace events left out');
    assert.deepEqual(lines.filter((line) => line.startsWith('- ')), [
      '- `+0.50 s` **E4** calls `runCommand`',
      '- `+1.75 s` **E4** failed: exit code 1 in 1250 ms',
      '- `+3.50 s` revision 2 after E4 broke: +1 added, 1 changed, 0 removed',
    ]);
  });

  it('starts at the first event without a start time, and never shows negative times', () => {
    assert.match(traceTimeline(events, { title: 't', rawLink: 'x' }), /^- `\+0\.00 s` \*\*E4\*\* calls/m);
    assert.equal(relativeTime(-5), '+0.00 s');
  });
});
