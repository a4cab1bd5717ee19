// The "Edit Step…" document inside a real VS Code: named for its step on its tab and breadcrumb (not a folder of the
// extension's storage), multi-line text shown as lines and saved back exactly, still checked by the step JSON
// schema as it is typed; its tab closes when a move renumbers its step, its step is deleted or changed elsewhere, or another plan is opened.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, STEP_DOCUMENT_SCHEME } from '../../../src/vscode/ids';
import { planwright, stepRows, until, workspaceUri } from './support';

const PLAN_FILE = 'step-documents.plan.json';
const NOTES = '# Notes\n\n- line one\n- line two\n';

function tabOf(uri: vscode.Uri): vscode.Tab | undefined {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString());
}

async function replaceAll(editor: vscode.TextEditor, text: string): Promise<void> {
  assert.ok(await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), text)));
}

describe('Edit Step… documents in VS Code', function () {
  this.timeout(120_000);

  before(async () => {
    const plan = {
      version: 1,
      goal: 'Write the notes',
      steps: [
        { id: 'E1', title: 'Read the readme', tool: 'readFile', args: { path: 'README.md' } },
        { id: 'E2', title: 'Write the notes', tool: 'writeFile', args: { path: 'notes.md', content: NOTES }, dependsOn: ['E1'], postcondition: { kind: 'fileExists', path: 'notes.md' } },
        { id: 'E3', title: 'List the sources', tool: 'listFiles', args: { glob: 'src/**' } },
      ],
    };
    await vscode.workspace.fs.writeFile(workspaceUri(PLAN_FILE), new TextEncoder().encode(JSON.stringify(plan, null, 2)));
    const { session } = await planwright();
    await session.runs.forget();
    assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, workspaceUri(PLAN_FILE)), true);
  });

  after(async () => {
    const { session } = await planwright();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await session.loadedPlan.set(undefined);
    await vscode.workspace.fs.delete(workspaceUri(PLAN_FILE)).then(undefined, () => undefined);
  });

  it('names the document for its step, shows multi-line text as lines the schema accepts, and saves them back exactly', async () => {
    const { session } = await planwright();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(COMMANDS.editStep, 'E2', 'json');
    const { document } = editor;
    assert.deepEqual([document.uri.scheme, document.uri.path, document.languageId], [STEP_DOCUMENT_SCHEME, '/Step 2 Write the notes.json', 'json']);
    assert.equal(tabOf(document.uri)?.label, 'Step 2 Write the notes.json');
    const text = document.getText();
    assert.match(text, /"content": \[\n {6}"# Notes",\n {6}"",\n {6}"- line one",\n {6}"- line two",\n {6}""\n {4}\]/);
    assert.doesNotMatch(text, /\\n/);
    // The step schema still applies: a title that is not text is flagged as it is typed, the lines are not.
    const step = JSON.parse(text);
    await replaceAll(editor, JSON.stringify({ ...step, title: 42 }, null, 2));
    const schemaProblems = await until('the step schema to flag the title', () => {
      const found = vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.source !== 'Planwright');
      return found.length > 0 && found;
    });
    const titleLine = document.getText().split('\n').findIndex((line) => line.includes('"title"'));
    assert.deepEqual(schemaProblems.map((diagnostic) => diagnostic.range.start.line), [titleLine], schemaProblems.map((diagnostic) => diagnostic.message).join('; '));
    await replaceAll(editor, JSON.stringify({ ...step, args: { ...step.args, content: ['# Notes', '', '- line one', '- line 2', ''] } }, null, 2));
    await document.save();
    await until('the edited lines in the plan', () => session.plan?.steps[1]?.args.content === '# Notes\n\n- line one\n- line 2\n');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('closes the tab when a move renumbers its step, and when its step is deleted', async () => {
    const { session } = await planwright();
    const third = await vscode.commands.executeCommand<vscode.TextEditor>(COMMANDS.editStep, 'E3', 'json');
    assert.equal(third.document.uri.path, '/Step 3 List the sources.json');
    // E3 waits for nothing, so it moves above E2 and takes its id.
    assert.equal(await vscode.commands.executeCommand(COMMANDS.moveStepUp, 'E3'), true);
    assert.deepEqual(session.plan?.steps.map((step) => `${step.id} ${step.title}`), ['E1 Read the readme', 'E2 List the sources', 'E3 Write the notes']);
    assert.deepEqual((await stepRows()).map((row) => row.item.label), ['1 Read the readme', '2 List the sources', '3 Write the notes']);
    await until('the renumbered step\'s tab to close', () => tabOf(third.document.uri) === undefined);
    const write = await vscode.commands.executeCommand<vscode.TextEditor>(COMMANDS.editStep, 'E3', 'json');
    assert.equal(write.document.uri.path, '/Step 3 Write the notes.json');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.deleteStep, 'E3'), true);
    await until('the deleted step\'s tab to close', () => tabOf(write.document.uri) === undefined);
  });

  it('closes a step document whose step changed since it opened (a rename from the tree), so its save cannot undo the rename', async () => {
    const { session } = await planwright();
    const shown = await vscode.commands.executeCommand<vscode.TextEditor>(COMMANDS.editStep, 'E1', 'json');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.editStep, 'E1', 'title', 'Read the readme first'), true);
    assert.equal(session.plan?.steps[0]?.title, 'Read the readme first');
    await until('the document of the renamed step to close', () => tabOf(shown.document.uri) === undefined);
  });

  it('takes a step document off its step once another plan is opened: a clean one closes, one with unsaved edits stays flagged and its save changes nothing', async () => {
    const { session } = await planwright();
    const clean = await vscode.commands.executeCommand<vscode.TextEditor>(COMMANDS.editStep, 'E1', 'json');
    const edited = await vscode.commands.executeCommand<vscode.TextEditor>(COMMANDS.editStep, 'E2', 'json');
    await replaceAll(edited, edited.document.getText().replace(/"title": "[^"]*"/, '"title": "Edited for the first plan"'));
    assert.ok(edited.document.isDirty);
    const other = {
      version: 1 as const,
      goal: 'Another plan',
      steps: [
        { id: 'E1', title: 'Read the other readme', tool: 'readFile', args: { path: 'README.md' } },
        { id: 'E2', title: 'Read the manifest', tool: 'readFile', args: { path: 'package.json' } },
      ],
    };
    await session.loadedPlan.set({ source: 'other.plan.json', plan: other, unsaved: true });
    await until('the clean document\'s tab to close', () => tabOf(clean.document.uri) === undefined);
    assert.ok(tabOf(edited.document.uri), 'the document with unsaved edits stays open');
    await until('its problem to say the step is no longer in the plan', () => vscode.languages.getDiagnostics(edited.document.uri).some((diagnostic) => /another plan was opened/.test(diagnostic.message)));
    assert.ok(await edited.document.save());
    assert.deepEqual(session.plan?.steps.map((step) => step.title), ['Read the other readme', 'Read the manifest'], 'the other plan\'s E2 is not the step the document edited');
  });
});
