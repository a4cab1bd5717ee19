// The incremental reader: chunks of any size give the same steps as the whole text, each step comes back
// from the push that completed its line, skipped lines take no number, and a re-plan numbers after the
// steps that exist.
import * as assert from 'node:assert/strict';
import { CompactPlanReader, readCompactPlan, type CompactLineItem } from '../../../../src/core/plan/compact/compactPlanReader';

const PLAN = [
  '```',
  'E1 readFile {"path":"src/cli.ts"}',
  '',
  '# edits',
  'E2 editFile {"path":"src/cli.ts","edits":[{"find":"const flags = [","replace":"const flags = [\'--verbose\', "}]} # Add the flag',
  'E3 runCommand {"command":"npm test"} check output "0 failed" idempotent',
  '```',
].join('\n');

function chunked(text: string, sizes: readonly number[]): CompactLineItem[] {
  const reader = new CompactPlanReader();
  const items: CompactLineItem[] = [];
  let at = 0;
  for (let index = 0; at < text.length; index++) {
    const size = sizes[index % sizes.length]!;
    items.push(...reader.push(text.slice(at, at + size)));
    at += size;
  }
  return [...items, ...reader.finish()];
}

describe('CompactPlanReader', () => {
  it('skips fences, blank and comment lines without numbering them, and keeps line numbers', () => {
    const reader = readCompactPlan(PLAN);
    assert.deepEqual(reader.items.map((item) => [item.index, item.line, item.step?.id]), [[0, 2, 'E1'], [1, 5, 'E2'], [2, 6, 'E3']]);
    assert.deepEqual(reader.steps.map((step) => step.dependsOn ?? []), [[], ['E1'], ['E2']]);
    assert.equal(reader.steps[1]!.title, 'Add the flag');
  });

  it('gives the same items whatever the chunk sizes, a line split anywhere included', () => {
    const whole = chunked(PLAN, [PLAN.length]);
    for (const sizes of [[1], [2, 3], [7], [13, 1, 50], [PLAN.indexOf('"find"')]]) assert.deepEqual(chunked(PLAN, sizes), whole, `chunks of ${sizes.join(',')}`);
  });

  it('returns each step from the push that completed its line, and the unterminated last line from finish', () => {
    const reader = new CompactPlanReader();
    assert.deepEqual(reader.push('readFile {"path":"a"}'), []);
    assert.deepEqual(reader.push('\nreadFile {"pa').map((item) => item.step?.id), ['E1']);
    assert.deepEqual(reader.push('th":"b"}\r\n').map((item) => item.step?.id), ['E2']);
    assert.deepEqual(reader.push('deleteFile {"path":"b"}').length, 0);
    assert.deepEqual(reader.finish().map((item) => item.step?.id), ['E3']);
    assert.deepEqual(reader.finish(), []);
  });

  it('numbers a malformed line as a step and reports it, so later ids do not shift', () => {
    const reader = readCompactPlan('readFile {"path":"a"}\nreadFile {oops}\nreadFile {"path":"b"}');
    assert.deepEqual(reader.items.map((item) => [item.step?.id, item.problems.length]), [['E1', 0], [undefined, 1], ['E3', 0]]);
    assert.match(reader.problems[0]!.message, /^line 2: column 10: the arguments of readFile are not valid JSON/);
    assert.equal(reader.problems[0]!.stepId, 'E2');
  });

  it('numbers a re-plan after the existing steps and depends on them through hazards', () => {
    const existing = [
      { id: 'E1', tool: 'readFile', args: { path: 'a.ts' } },
      { id: 'E4', tool: 'editFile', args: { path: 'a.ts', edits: [{ find: 'x', replace: 'y' }] } },
    ];
    const reader = readCompactPlan('readFile {"path":"a.ts"}\nreadFile {"path":"b.ts"} after E1', { existing });
    assert.deepEqual(reader.steps.map((step) => [step.id, step.dependsOn]), [['E5', ['E4']], ['E6', ['E1']]]);
    assert.deepEqual(readCompactPlan('E10 readFile {"path":"a"}', { firstNumber: 10 }).steps.map((step) => step.id), ['E10']);
  });
});
