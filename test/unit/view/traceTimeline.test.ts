// Unit tests of the trace timeline: times relative to the run's start, one readable line per event with its
// step named as the tree numbers it, decisions in words, and lines that are not trace events counted rather than
// shown.
import * as assert from 'node:assert/strict';
import { englishText } from '../../../src/core/text/englishText';
import { relativeTime, traceTimeline } from '../../../src/core/view/traceTimeline';
import { stepRun, threeSteps } from './viewFixtures';

describe('traceTimeline', () => {
  const events = [
    { type: 'intent', at: 1_000, runId: 'r', stepId: 'E4', tool: 'runCommand', args: { command: 'npm test' }, attempt: 1 },
    { type: 'result', at: 2_250, runId: 'r', stepId: 'E4', attempt: 1, ok: false, ms: 1_250, failure: { kind: 'definite', reason: 'exitCode', message: 'exit code 1' } },
    { type: 'replan', at: 4_000, runId: 'r', revision: 2, failedStepId: 'E4', added: ['R1'], removed: [], changed: ['E5'] },
    'not json',
  ];

  it('times each event from the start of the run and says what happened to which step', () => {
    const text = traceTimeline(englishText, events, { title: 'Trace of run r', startedAt: 500 });
    const lines = text.split('\n');
    assert.equal(lines[0], '# Trace of run r');
    assert.equal(lines[2], '3 events · 1 line that is not a trace event left out');
    assert.deepEqual(lines.filter((line) => line.startsWith('- ')), [
      '- `+0.50 s` **E4** calls `runCommand`',
      '- `+1.75 s` **E4** failed: exit code 1 in 1250 ms',
      '- `+3.50 s` revision 2 after E4 broke: +1 added, 1 changed, 0 removed',
    ]);
  });

  it('says the executor\'s decisions in words, never by their ids, and an id it has no words for as it is', () => {
    const decisions = [
      { type: 'decision', at: 0, runId: 'r', stepId: 'E2', decision: 'askApproval', reason: 'editFile changes the workspace' },
      { type: 'decision', at: 0, runId: 'r', decision: 'replan', reason: 'a done-when check fails' },
      { type: 'decision', at: 0, runId: 'r', stepId: 'E3', decision: 'someLaterDecision', reason: 'x' },
    ];
    const rows = traceTimeline(englishText, decisions, { title: 't' }).split('\n').filter((line) => line.startsWith('- '));
    assert.deepEqual(rows, [
      '- `+0.00 s` **E2** asks for your approval — editFile changes the workspace',
      '- `+0.00 s` Run: re-plans — a done-when check fails',
      '- `+0.00 s` **E3** someLaterDecision — x',
    ]);
    assert.ok(rows.every((row) => !/askApproval|decision:/.test(row)));
  });

  it('starts at the first event without a start time, and never shows negative times', () => {
    assert.match(traceTimeline(englishText, events, { title: 't' }), /^- `\+0\.00 s` \*\*E4\*\* calls/m);
    assert.equal(relativeTime(-5), '+0.00 s');
  });

  it('names each step as the tree numbers it, and a step a later revision replaced by its title and that revision', () => {
    const plan = threeSteps();
    const replaced = [{ step: { id: 'E3', title: 'Run the old tests', tool: 'runCommand', args: { command: 'npm test' } }, status: 'failed' as const, replacedInRevision: 2, run: stepRun('failed') }];
    const trace = [
      { type: 'intent', at: 1_000, runId: 'r', stepId: 'E2', tool: 'editFile', args: {}, attempt: 1 },
      { type: 'result', at: 1_100, runId: 'r', stepId: 'E3', attempt: 1, ok: false, ms: 100, failure: { kind: 'definite', reason: 'exitCode', message: 'exit code 1' } },
      { type: 'replan', at: 1_200, runId: 'r', revision: 2, failedStepId: 'E3', added: [], removed: [], changed: ['E3'] },
      { type: 'intent', at: 1_300, runId: 'r', stepId: 'E3', tool: 'runCommand', args: {}, attempt: 1 },
      { type: 'decision', at: 1_400, runId: 'r', stepId: 'X9', decision: 'skip', reason: 'gone' },
    ];
    const rows = traceTimeline(englishText, trace, { title: 't', startedAt: 1_000, steps: { plan, replaced } }).split('\n').filter((line) => line.startsWith('- '));
    assert.deepEqual(rows, [
      '- `+0.00 s` **2 Add the flag** calls `editFile`',
      '- `+0.10 s` **Run the old tests (replaced in rev 2)** failed: exit code 1 in 100 ms',
      '- `+0.20 s` revision 2 after Run the old tests broke: +0 added, 1 changed, 0 removed',
      '- `+0.30 s` **3 Run the tests** calls `runCommand`',
      '- `+0.40 s` **X9** skipped — gone',
    ]);
  });
});
