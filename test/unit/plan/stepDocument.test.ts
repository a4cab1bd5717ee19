// Unit tests of what saving a step document does to the plan, and the words of a refused save: text that is not
// JSON is refused where it goes wrong, an edit of a step deleted since is refused, the rest is the edited plan.
import * as assert from 'node:assert/strict';
import { readStepDocument, stepDocumentRefusalText } from '../../../src/core/plan/stepDocument';
import { englishText } from '../../../src/core/text/englishText';
import { validPlan } from '../support/executorFakes';

const plan = validPlan([
  { id: 'E1', title: 'Read the CLI', tool: 'readFile', args: { path: 'src/cli.js' } },
  { id: 'E2', title: 'Write the note', tool: 'writeFile', args: { path: 'note.md', content: 'x' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'note.md' } },
]);

const edited = { id: 'E2', title: 'Write the notes', tool: 'writeFile', args: { path: 'notes.md', content: 'x' }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'notes.md' } };

describe('readStepDocument', () => {
  it('replaces the step it edits, or inserts the step it adds after its step', () => {
    const edit = readStepDocument(plan, { mode: 'edit', stepId: 'E2' }, JSON.stringify(edited));
    assert.ok(edit.ok);
    assert.deepEqual(edit.plan.steps.map((step) => step.title), ['Read the CLI', 'Write the notes']);
    assert.deepEqual([edit.stepId, edit.title], ['E2', 'Write the notes']);
    const add = readStepDocument(plan, { mode: 'add', afterId: 'E1' }, JSON.stringify({ ...edited, id: 'E3' }));
    assert.ok(add.ok);
    assert.deepEqual(add.plan.steps.map((step) => step.id), ['E1', 'E3', 'E2']);
  });

  it('refuses an edit of a step deleted or replaced since the document opened, instead of changing nothing and calling it updated', () => {
    const withoutE2 = { ...plan, steps: plan.steps.slice(0, 1) };
    assert.deepEqual(readStepDocument(withoutE2, { mode: 'edit', stepId: 'E2' }, JSON.stringify(edited)), { ok: false, refusal: { kind: 'stepGone', stepId: 'E2' } });
  });

  it('refuses text that is not JSON at the line and column where it goes wrong', () => {
    const text = '{\n  "id": "E2",\n  "title": "Write the notes"\n  "tool": "writeFile"\n}\n';
    const read = readStepDocument(plan, { mode: 'edit', stepId: 'E2' }, text);
    assert.ok(!read.ok && read.refusal.kind === 'notJson');
    assert.deepEqual([read.refusal.error.line, read.refusal.error.column], [4, 3]);
    assert.equal(read.refusal.error.reason, "Expected ',' or '}' after property value");
  });

  it('reads a document saved with a byte order mark, and leaves a step that is not an object to the gate', () => {
    assert.equal(readStepDocument(plan, { mode: 'edit', stepId: 'E2' }, `\ufeff${JSON.stringify(edited)}`).ok, true);
    const notAnObject = readStepDocument(plan, { mode: 'add' }, '[]');
    assert.ok(notAnObject.ok);
    assert.deepEqual([notAnObject.stepId, notAnObject.title, notAnObject.plan.steps.length], [undefined, undefined, 3]);
  });

  it('refuses a save when no plan is open', () => {
    assert.deepEqual(readStepDocument(undefined, { mode: 'add' }, JSON.stringify(edited)), { ok: false, refusal: { kind: 'noPlan' } });
  });
});

describe('stepDocumentRefusalText', () => {
  it('says a deleted step is no longer in the plan and nothing was changed, never that it was updated', () => {
    const words = stepDocumentRefusalText(englishText, { kind: 'stepGone', stepId: 'E8' }, 'E8.planwright-step.json');
    assert.equal(words.status, 'Planwright: E8 is no longer in the plan as this document shows it; nothing was changed');
    assert.equal(words.diagnostic, 'E8 is no longer in the plan as this document shows it (it was changed, deleted, replaced or renumbered, or another plan was opened, since this document opened); nothing was changed. Edit Step… shows it as it is now; Add Step After… adds it again.');
    assert.doesNotMatch(Object.values(words).join('\n'), /updated/);
  });

  it('locates a syntax error in one short line for the status bar, the diagnostic and the log, with no parser noise', () => {
    const read = readStepDocument(plan, { mode: 'edit', stepId: 'E2' }, '{\n  "id": "E2",\n  "title": "x"\n  "tool": "writeFile"\n}');
    assert.ok(!read.ok);
    const words = stepDocumentRefusalText(englishText, read.refusal, 'E2.planwright-step.json');
    assert.deepEqual(words, {
      status: 'Planwright: the step is not valid JSON (line 4, column 3); nothing was changed',
      diagnostic: "Not valid JSON: Expected ',' or '}' after property value",
      line: 4,
      column: 3,
      log: "E2.planwright-step.json is not valid JSON at line 4, column 3: Expected ',' or '}' after property value; nothing was changed.",
    });
  });
});
