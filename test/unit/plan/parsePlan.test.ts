// Unit tests of reading plan text: JSON syntax errors located by line and column, then the gate.
import * as assert from 'node:assert/strict';
import { syntaxErrorOffset } from '../../../src/core/plan/jsonSyntaxError';
import { parsePlanText } from '../../../src/core/plan/parsePlan';
import { formatProblem } from '../../../src/core/plan/planProblem';
import { examplePlan } from './planFixtures';

function problemsOfText(text: string, source?: string): string[] {
  const result = parsePlanText(text, source);
  return result.ok ? [] : result.problems.map(formatProblem);
}

describe('parsePlanText', () => {
  it('parses and validates a plan file', () => {
    const result = parsePlanText(JSON.stringify(examplePlan(), null, 2));
    assert.ok(result.ok);
    assert.equal(result.plan.goal, 'Add a --verbose flag to the CLI');
  });

  it('accepts a byte order mark', () => {
    assert.ok(parsePlanText(`\uFEFF${JSON.stringify(examplePlan())}`).ok);
  });

  it('locates a missing comma by line and column', () => {
    const text = '{\n  "version": 1\n  "goal": "x",\n  "steps": []\n}';
    assert.deepEqual(problemsOfText(text, 'add.plan.json'), [
      `add.plan.json: invalid JSON at line 3, column 3: Expected ',' or '}' after property value`,
    ]);
  });

  it('locates an unexpected token that V8 reports without a position', () => {
    assert.deepEqual(problemsOfText('{"version": }'), [`invalid JSON at line 1, column 13: Unexpected token '}'`]);
  });

  it('locates a trailing comma, an unterminated string and an empty file', () => {
    assert.match(problemsOfText('{\n  "a": [1, 2,]\n}')[0], /^invalid JSON at line 2, column 14: Unexpected token .\]./);
    assert.match(problemsOfText('{\n  "goal": "unterminated\n}')[0], /^invalid JSON at line 2, column 24: Bad control character/);
    assert.match(problemsOfText('')[0], /^invalid JSON at line 1, column 1: Unexpected end of JSON input$/);
  });

  it('reports text after the JSON value', () => {
    assert.deepEqual(problemsOfText('{}\n}'), ['invalid JSON at line 2, column 1: Unexpected non-whitespace character after the JSON value']);
  });

  it('runs the gate on well-formed JSON', () => {
    assert.deepEqual(problemsOfText('{"version": 1, "goal": "g", "steps": []}'), ['steps: a plan needs at least one step']);
  });
});

describe('syntaxErrorOffset', () => {
  it('accepts everything JSON.parse accepts', () => {
    for (const text of ['{}', '[]', '"a\\u00e9\\n"', '-0.5e+3', ' true ', 'null', '{"a":[{"b":[]}],"c":{}}', '[1,"2",false]']) {
      assert.equal(syntaxErrorOffset(text), undefined, text);
    }
  });

  it('points at the first character that cannot continue the text', () => {
    const cases: [string, number][] = [
      ['{"a" 1}', 5],
      ['[1 2]', 3],
      ['{"a":01}', 6],
      ['["\\x"]', 3],
      ['{,}', 1],
      ['[-]', 2],
      ['tru', 0],
      ['[', 1],
    ];
    for (const [text, offset] of cases) {
      assert.throws(() => JSON.parse(text));
      assert.equal(syntaxErrorOffset(text), offset, text);
    }
  });

  it('handles deep nesting without recursion', () => {
    assert.equal(syntaxErrorOffset('['.repeat(100_000) + ']'.repeat(100_000)), undefined);
  });
});
