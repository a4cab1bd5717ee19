// One compact line → one step: the parts a line may carry, what is implied when they are absent, and a
// problem (with line and column) for each way a line can be malformed.
import * as assert from 'node:assert/strict';
import { DependencyContext } from '../../../../src/core/plan/compact/impliedDependencies';
import { parseCompactLine } from '../../../../src/core/plan/compact/parseCompactLine';
import type { Step } from '../../../../src/core/plan/planSchema';

function step(text: string, id = 'E1', earlier: readonly Step[] = []): Step {
  const result = parseCompactLine(text, { id, lineNumber: 1, earlier: new DependencyContext(earlier) });
  assert.deepEqual(result.problems, []);
  assert.equal(result.steps.length, 1);
  return result.steps[0]!;
}

function problem(text: string, id = 'E1'): string {
  const result = parseCompactLine(text, { id, lineNumber: 3 });
  assert.deepEqual(result.steps, []);
  assert.equal(result.problems.length, 1);
  assert.equal(result.problems[0]!.stepId, id);
  assert.equal(result.problems[0]!.path, id);
  return result.problems[0]!.message;
}

describe('parseCompactLine', () => {
  it('reads a tool call and derives the title; a read-only step has no postcondition', () => {
    assert.deepEqual(step('readFile {"path":"src/cli.ts"}'), { id: 'E1', title: 'readFile src/cli.ts', tool: 'readFile', args: { path: 'src/cli.ts' } });
  });

  it('accepts a label equal to the id, a list bullet, and a call written with parentheses', () => {
    const expected = step('readFile {"path":"a"}', 'E2');
    assert.deepEqual(step('E2 readFile {"path":"a"}', 'E2'), expected);
    assert.deepEqual(step('E2: readFile {"path":"a"}', 'E2'), expected);
    assert.deepEqual(step('2. readFile {"path":"a"}', 'E2'), expected);
    assert.deepEqual(step('- readFile({"path":"a"})', 'E2'), expected);
  });

  it('implies the postcondition of a change: the content, the replacement, the absence, exit 0', () => {
    assert.deepEqual(step('writeFile {"path":"a.json","content":"{}"}').postcondition, { kind: 'all', checks: [{ kind: 'fileExists', path: 'a.json' }, { kind: 'jsonValid', path: 'a.json' }] });
    assert.deepEqual(step('editFile {"path":"a.ts","edits":[{"find":"x","replace":"y"}]}').postcondition, { kind: 'fileContains', path: 'a.ts', text: 'y' });
    assert.deepEqual(step('appendFile {"path":"log.md","content":"- done"}').postcondition, { kind: 'fileContains', path: 'log.md', text: '- done' });
    assert.deepEqual(step('deleteFile {"path":"old.ts"}').postcondition, { kind: 'fileAbsent', path: 'old.ts' });
    assert.deepEqual(step('runCommand {"command":"npm test"}').postcondition, { kind: 'exitCode', equals: 0 });
    assert.equal(step('generate {"instruction":"Summarise"}').postcondition, undefined);
  });

  it('keeps a written check instead of the implied one, and reads every trailer', () => {
    const parsed = step(
      'E1 runCommand {"command":"npm test"} after E3,#E4 5 check output "0 failed" pre exists package.json status run "test -f done" undo deleteFile {"path":"done"} idempotent keyed # Run the tests',
      'E1',
    );
    assert.deepEqual(parsed, {
      id: 'E1',
      title: 'Run the tests',
      tool: 'runCommand',
      args: { command: 'npm test' },
      dependsOn: ['E3', 'E4', 'E5'],
      precondition: { kind: 'fileExists', path: 'package.json' },
      postcondition: { kind: 'outputContains', text: '0 failed' },
      statusCheck: { kind: 'commandSucceeds', command: 'test -f done' },
      compensation: { tool: 'deleteFile', args: { path: 'done' } },
      idempotent: true,
      idempotencyKey: true,
    });
  });

  it('leaves #E references in the arguments: they are dependencies the plan format already implies', () => {
    const earlier = [step('readFile {"path":"a.ts"}')];
    const parsed = step('writeFile {"path":"b.ts","content":"#E1"}', 'E2', earlier);
    assert.equal(parsed.dependsOn, undefined);
    assert.equal(parsed.args.content, '#E1');
  });

  it('reports each malformed line with its line, column and what is wrong', () => {
    assert.equal(problem('Here is the plan:'), 'line 3: column 6: expected the arguments of Here as one JSON object {…}, found "is the plan:"');
    assert.equal(problem('{"path":"a"}'), 'line 3: column 1: expected a tool name, then its arguments as one JSON object, found "{\\"path\\":\\"a\\"}"');
    assert.equal(problem('readFile {"path":"a"'), 'line 3: column 10: the arguments of readFile: the JSON object is not closed (a } or a " is missing)');
    assert.match(problem('readFile {path:"a"}'), /^line 3: column 10: the arguments of readFile are not valid JSON \(/);
    assert.equal(problem('readFile {"path":"a"} after'), 'line 3: column 28: expected step ids after "after" (e.g. after E1,E2 or after E2-E5), found the end of the line');
    assert.equal(problem('readFile {"path":"a"} check has a'), 'line 3: column 29: expected a check (exists, absent, json, contains, matches, exit, output, run, result, not, all, any), found "has a"');
    assert.equal(problem('readFile {"path":"a"} then E2'), 'line 3: column 23: expected each, after, check, pre, status, undo, idempotent, keyed or "# title" after the arguments, found "then E2"');
    assert.equal(problem('readFile {"path":"a"} idempotent idempotent'), 'line 3: column 34: "idempotent" is written twice');
    assert.equal(problem('E4 readFile {"path":"a"}', 'E3'), 'line 3: labelled E4, but its position makes it E3; steps are numbered by the order of their lines');
  });

  it('leaves tool names and argument shapes to the validation gate', () => {
    assert.deepEqual(step('readfile {"paht":"a"}'), { id: 'E1', title: 'readfile', tool: 'readfile', args: { paht: 'a' } });
    assert.equal(step('editFile {"path":"a.ts","edits":"x"}').postcondition, undefined);
  });

  it('reads a range of ids after "after", and refuses one that does not climb', () => {
    assert.deepEqual(step('runCommand {"command":"npm test"} after E2-E5,E7 9-10', 'E11').dependsOn, ['E2', 'E3', 'E4', 'E5', 'E7', 'E9', 'E10']);
    assert.match(problem('runCommand {"command":"npm test"} after E5-E2', 'E6'), /^line 3: column \d+: "E5-E2" is not a range of step ids from a lower number to a higher one/);
  });
});
