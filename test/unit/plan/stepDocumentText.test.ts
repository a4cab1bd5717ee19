// Unit tests of a step document's text: multi-line arguments as arrays of lines, read back byte for byte, only
// where the tool takes a string; and the step schema that lets an editor accept those lines.
import * as assert from 'node:assert/strict';
import Ajv from 'ajv';
import { stepJsonSchema } from '../../../src/core/plan/planJsonSchema';
import type { Step } from '../../../src/core/plan/planSchema';
import { readStepDocument } from '../../../src/core/plan/stepDocument';
import { stepDocumentText, stepFromDocument } from '../../../src/core/plan/stepDocumentText';
import { validPlan } from '../support/executorFakes';

const write: Step = {
  id: 'E2',
  title: 'Write the note',
  tool: 'writeFile',
  args: { path: 'note.md', content: '# Notes\n\n- one\n- two\n' },
  postcondition: { kind: 'fileContains', path: 'note.md', text: 'one\ntwo' },
  compensation: { tool: 'writeFile', args: { path: 'note.md', content: 'old\ntext' } },
};

const roundTrip = (step: Step) => stepFromDocument(JSON.parse(stepDocumentText(step)));

describe('stepDocumentText', () => {
  it('writes a multi-line argument as its lines, one JSON string per line', () => {
    const text = stepDocumentText(write);
    assert.match(text, /"content": \[\n {6}"# Notes",\n {6}"",\n {6}"- one",\n {6}"- two",\n {6}""\n {4}\]/);
    assert.doesNotMatch(text.split('"postcondition"')[0]!, /\\n/, 'no argument shows \\n');
    assert.ok(text.endsWith('}\n'));
  });

  it('reads the lines back into the exact text, byte for byte', () => {
    const texts = ['a\nb', 'a\nb\n', '\n', '\n\n', 'line\r\nwindows\r\n', '  indented\n\ttab\n', 'trailing spaces  \n', 'é ✓ 🙂\nx', '"quoted" \\ back\n'];
    for (const content of texts) {
      const step: Step = { ...write, args: { path: 'a.txt', content } };
      assert.deepEqual(roundTrip(step), step, JSON.stringify(content));
    }
  });

  it('turns the replace and find texts of each edit into lines, and leaves one-line strings as strings', () => {
    const edit: Step = { id: 'E1', title: 'Edit', tool: 'editFile', args: { path: 'a.js', edits: [{ find: 'old()', replace: 'first();\nsecond();' }] }, postcondition: { kind: 'fileContains', path: 'a.js', text: 'second' } };
    const document = JSON.parse(stepDocumentText(edit));
    assert.deepEqual(document.args, { path: 'a.js', edits: [{ find: 'old()', replace: ['first();', 'second();'] }] });
    assert.deepEqual(stepFromDocument(document), edit);
  });

  it('keeps a list the tool takes as a list, and the strings of a tool it does not know', () => {
    const subplan: Step = { id: 'E3', title: 'Sub', tool: 'subplan', args: { goal: 'Fix\nthe tests', scope: ['a.js', 'b.js'] }, postcondition: { kind: 'fileExists', path: 'a.js' } };
    const document = JSON.parse(stepDocumentText(subplan));
    assert.deepEqual(document.args, { goal: ['Fix', 'the tests'], scope: ['a.js', 'b.js'] });
    assert.deepEqual(stepFromDocument(document), subplan);
    const unknown: Step = { id: 'E4', title: 'MCP', tool: 'mcp.fs.write', args: { text: 'a\nb', lines: ['x', 'y'] } };
    assert.deepEqual(JSON.parse(stepDocumentText(unknown)).args, unknown.args);
    assert.deepEqual(stepFromDocument(JSON.parse(stepDocumentText(unknown))), unknown);
  });

  it('joins lines a person typed where the tool takes a string, and leaves a document that is no step alone', () => {
    assert.deepEqual(stepFromDocument({ ...write, args: { path: 'a.txt', content: ['one', 'two'] } }), { ...write, args: { path: 'a.txt', content: 'one\ntwo' } });
    assert.equal(stepFromDocument(42), 42);
    assert.deepEqual(stepFromDocument(['x']), ['x']);
  });

  it('is what a save reads: the plan gets the text, not the lines', () => {
    const plan = validPlan([{ id: 'E1', title: 'Read', tool: 'readFile', args: { path: 'a.txt' } }, write]);
    const read = readStepDocument(plan, { mode: 'edit', stepId: 'E2' }, stepDocumentText(write));
    assert.ok(read.ok);
    assert.deepEqual(read.plan.steps[1], write);
  });
});

describe('the step JSON schema of step documents', () => {
  const check = new Ajv({ allErrors: true, strict: false }).compile(stepJsonSchema());

  it('accepts a string argument written as lines, and still refuses lines that are not strings', () => {
    assert.ok(check(JSON.parse(stepDocumentText(write))), JSON.stringify(check.errors));
    assert.equal(check({ ...write, args: { path: 'a.txt', content: ['one', 2] } }), false);
    assert.equal(check({ ...write, args: { path: 'a.txt' } }), false);
  });
});
