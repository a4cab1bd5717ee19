// Integration tests: the extension's code inside a real VS Code extension host, against a copy of
// examples/demo-workspace: activation, commands registered both ways, plan files into tree rows, edits through
// the tree-only commands and the validation gate (and step documents it refuses), the Markdown export.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, PREVIEW_SCHEME, VIEW_CONTAINERS, VIEWS } from '../../../src/vscode/ids';
import { EXTENSION_ID, planwright, rows, stepRows, until, workspaceUri } from './support';

const DEMO_PLAN = 'add-verbose-flag.plan.json';
const DEMO_GOAL = 'Add a --verbose flag to tally that reports each file it reads';
const DEMO_TITLES = ['Read the CLI entry point', 'Accept --verbose', 'Report each file when verbose', 'Test the flag', 'Document the flag', 'Run the tests'];

describe('Planwright in VS Code', () => {
  it('activates and hands back its plan tree and session', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    const exports = await planwright();
    assert.equal(extension.isActive, true);
    assert.ok(exports.planTree && exports.session);
  });

  it('registers every command it contributes, and contributes every command it registers', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    const contributed = (extension?.packageJSON.contributes.commands as { command: string }[]).map((entry) => entry.command);
    assert.deepEqual([...contributed].sort(), Object.values(COMMANDS).sort());
    for (const command of contributed) assert.ok(registered.has(command), `${command} is not registered`);
    // VS Code registers each view's own commands (focus, open, …); they are not ours to contribute.
    const ours = [...registered].filter((command) => command.startsWith('planwright.') && !command.startsWith(`${VIEWS.plan}.`) && !command.startsWith(`${VIEWS.runs}.`));
    assert.deepEqual(ours.sort(), [...contributed].sort());
  });

  it('starts with an empty tree, so the welcome view shows', async () => {
    assert.deepEqual(await rows(), []);
  });

  it('opens a plan file passed as a Uri and shows its goal and steps in the tree', async () => {
    const opened = await vscode.commands.executeCommand<boolean>(COMMANDS.openPlanFile, workspaceUri(DEMO_PLAN));
    assert.equal(opened, true);
    const [root, ...others] = await rows();
    assert.ok(root);
    assert.equal(others.length, 0);
    assert.equal(root.item.label, DEMO_GOAL);
    assert.equal(root.item.description, DEMO_PLAN);
    assert.equal(root.item.id, `plan:${DEMO_PLAN}`);
    assert.equal(root.item.contextValue, 'plan:idle');
    assert.equal(root.item.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    const steps = await stepRows();
    assert.deepEqual(steps.map((step) => step.item.label), DEMO_TITLES.map((title, index) => `${index + 1} ${title}`));
    const edit = steps[1]!.item;
    assert.equal(edit.id, `plan:${DEMO_PLAN}/step:E2`);
    assert.equal(edit.description, 'pending');
    assert.equal(edit.accessibilityInformation?.label, `2 ${DEMO_TITLES[1]}, E2, pending`);
    assert.equal(edit.contextValue, 'step:pending:editable:files');
    assert.equal(edit.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.ok(edit.iconPath instanceof vscode.ThemeIcon);
    assert.equal(edit.iconPath.id, 'circle-large-outline');
    assert.ok(edit.tooltip instanceof vscode.MarkdownString);
    assert.match(edit.tooltip.value, /Checks that src\/cli\.js contains "'--verbose'"/);
    const details = await rows(steps[1]!.element);
    assert.deepEqual(details.map((row) => row.item.label), [`Checks that src/cli.js contains "'--verbose'"`, `After: 1 ${DEMO_TITLES[0]}`]);
  });

  it('refuses a plan file that fails validation and keeps the plan that is open', async () => {
    const broken = workspaceUri('broken.plan.json');
    await vscode.workspace.fs.writeFile(broken, new TextEncoder().encode('{ "version": 1, "goal": "x", "steps": [ { "id": "E1" } ] }'));
    assert.equal(await vscode.commands.executeCommand<boolean>(COMMANDS.openPlanFile, broken), false);
    const [root] = await rows();
    assert.equal(root?.item.label, DEMO_GOAL);
    await vscode.workspace.fs.delete(broken);
  });

  it('refuses a file that is not JSON', async () => {
    const notJson = workspaceUri('not-json.plan.json');
    await vscode.workspace.fs.writeFile(notJson, new TextEncoder().encode('{ "version": 1,'));
    assert.equal(await vscode.commands.executeCommand<boolean>(COMMANDS.openPlanFile, notJson), false);
    await vscode.workspace.fs.delete(notJson);
  });

  it('renames a step through Edit Step… and marks the plan unsaved', async () => {
    const { session } = await planwright();
    const [, edit] = await stepRows();
    assert.equal(await vscode.commands.executeCommand(COMMANDS.editStep, edit!.element, 'title', 'Accept the --verbose flag'), true);
    assert.equal((await stepRows())[1]?.item.label, '2 Accept the --verbose flag');
    assert.equal((await rows())[0]?.item.description, `${DEMO_PLAN} · unsaved`);
    assert.equal(session.plan?.steps[1]?.title, 'Accept the --verbose flag');
  });

  it('edits a step as JSON in an editor the step schema validates, and applies it on save', async () => {
    const { session } = await planwright();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(COMMANDS.editStep, 'E6', 'json');
    assert.ok(editor);
    assert.equal(editor.document.uri.path, '/Step 6 Run the tests.json');
    assert.equal(editor.document.languageId, 'json');
    const step = JSON.parse(editor.document.getText());
    assert.equal(step.args.command, 'npm test');
    const changed = JSON.stringify({ ...step, args: { command: 'npm test -- --test-reporter=spec' } }, null, 2);
    await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), changed));
    await editor.document.save();
    await until('the edit to reach the plan', () => session.plan?.steps[5]?.args.command === 'npm test -- --test-reporter=spec');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('refuses an invalid edit and shows the gate\'s problems on the step and as diagnostics', async () => {
    const { session } = await planwright();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(COMMANDS.editStep, 'E4', 'json');
    const step = JSON.parse(editor.document.getText());
    await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), JSON.stringify({ ...step, args: { content: 'x' } }, null, 2)));
    await editor.document.save();
    const diagnostics = await until('diagnostics on the step document', () => {
      const found = vscode.languages.getDiagnostics(editor.document.uri).filter((diagnostic) => diagnostic.source === 'Planwright');
      return found.length > 0 && found;
    });
    assert.match(diagnostics[0]!.message, /path/);
    const row = (await stepRows())[3]!.item;
    assert.match(String(row.description), /problem/);
    assert.equal(session.plan?.steps[3]?.args.path, 'test/verbose.test.js');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('moves, adds and deletes steps through the tree commands', async () => {
    const { session } = await planwright();
    assert.equal(session.runs.state, undefined, 'the plan has not run, so a move renumbers');
    const titles = session.plan?.steps.map((step) => step.title) ?? [];
    assert.equal(await vscode.commands.executeCommand(COMMANDS.moveStepDown, 'E4'), true);
    // The ids follow the new order, and so does every reference to them.
    assert.deepEqual(session.plan?.steps.map((step) => `${step.id} ${step.title}`), [0, 1, 2, 4, 3, 5].map((from, index) => `E${index + 1} ${titles[from]}`));
    assert.deepEqual(session.plan?.steps[5]?.dependsOn, ['E3', 'E5', 'E4']);
    assert.deepEqual((await stepRows()).slice(3, 5).map((row) => row.item.label), ['4 Document the flag', '5 Test the flag']);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.moveStepUp, 'E5'), true);
    assert.deepEqual(session.plan?.steps.map((step) => step.title), titles);
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(COMMANDS.addStepAfter, 'E1', 'listFiles');
    const added = JSON.parse(editor.document.getText());
    assert.equal(added.id, 'E7');
    assert.deepEqual(added.dependsOn, ['E1']);
    await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), JSON.stringify({ ...added, title: 'List the tests' }, null, 2)));
    await editor.document.save();
    await until('the new step', () => session.plan?.steps[1]?.id === 'E7');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.deleteStep, 'E7'), true);
    assert.deepEqual(session.plan?.steps.map((step) => step.id), ['E1', 'E2', 'E3', 'E4', 'E5', 'E6']);
  });

  it('adds a step with the id of one deleted since, and refuses a save whose step was deleted, or whose text is not JSON, on the document', async () => {
    const { session } = await planwright();
    const save = async (editor: vscode.TextEditor, text: string) => {
      await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), text));
      await editor.document.save();
    };
    const addAfterE1 = async (title: string) => {
      const editor = await vscode.commands.executeCommand<vscode.TextEditor>(COMMANDS.addStepAfter, 'E1', 'listFiles');
      const added = JSON.parse(editor.document.getText());
      await save(editor, JSON.stringify({ ...added, title }, null, 2));
      await until(`"${title}" in the plan`, () => session.plan?.steps.find((step) => step.id === added.id)?.title === title);
      return { editor, added };
    };
    const first = await addAfterE1('List the tests');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.deleteStep, first.added.id), true);
    // The new step gets the id of the one just deleted; VS Code may still hold that document's text.
    const { editor, added } = await addAfterE1('List the sources');
    assert.equal(added.id, first.added.id);
    const planwrightDiagnostics = () => vscode.languages.getDiagnostics(editor.document.uri).filter((diagnostic) => diagnostic.source === 'Planwright');
    // Unsaved changes keep the document open when its step goes; it says so at once, and its save changes nothing.
    await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), JSON.stringify({ ...added, title: 'List every file' }, null, 2)));
    assert.equal(await vscode.commands.executeCommand(COMMANDS.deleteStep, added.id), true);
    const steps = session.plan?.steps.map((step) => step.id);
    await until('the document flagged as its step goes', () => planwrightDiagnostics()[0]);
    await editor.document.save();
    const gone = await until('the refusal on the document', () => planwrightDiagnostics()[0]);
    assert.match(gone.message, new RegExp(`^${added.id} is no longer in the plan .*nothing was changed`));
    assert.deepEqual(session.plan?.steps.map((step) => step.id), steps, 'the deleted step did not come back');
    await save(editor, `{\n  "id": "${added.id}",\n  "title": "List every file"\n  "tool": "listFiles"\n}\n`);
    const syntax = await until('a diagnostic where the JSON goes wrong', () => planwrightDiagnostics().find((diagnostic) => diagnostic.message.startsWith('Not valid JSON')));
    assert.deepEqual([syntax.range.start.line, syntax.range.start.character, syntax.message], [3, 2, "Not valid JSON: Expected ',' or '}' after property value"]);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('shows the diff a file-changing step would make, before it runs', async () => {
    assert.equal(await vscode.commands.executeCommand(COMMANDS.showStepPreview, 'E2'), true);
    const tab = await until('a diff tab', () => vscode.window.tabGroups.activeTabGroup.activeTab);
    assert.ok(tab.input instanceof vscode.TabInputTextDiff, 'the active tab is not a diff');
    assert.equal(tab.input.original.scheme, PREVIEW_SCHEME);
    // Named by step and file, with paths in words (the tab's tooltip shows them), not internal ids.
    assert.match(tab.label, /^Step 2: \S+ \(proposed\)$/);
    assert.match(tab.input.modified.path, /^\/Step 2 \(proposed\)\//);
    const proposed = await vscode.workspace.openTextDocument(tab.input.modified);
    assert.match(proposed.getText(), /'--verbose'\];/);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('shows the open plan as an untitled Markdown document', async () => {
    const document = await vscode.commands.executeCommand<vscode.TextDocument | undefined>(COMMANDS.showPlanAsMarkdown);
    assert.ok(document, 'no document was opened');
    assert.equal(document.languageId, 'markdown');
    assert.equal(document.isUntitled, true);
    assert.ok(document.getText().includes(DEMO_GOAL), document.getText());
    assert.ok(document.getText().includes('Accept the --verbose flag'));
    assert.equal(vscode.window.activeTextEditor?.document, document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('saves the edited plan as a file, which then opens as it was saved', async () => {
    const target = workspaceUri('edited.plan.json');
    const saved = await vscode.commands.executeCommand<vscode.Uri>(COMMANDS.savePlanAs, target);
    assert.equal(saved?.toString(), target.toString());
    assert.equal((await rows())[0]?.item.description, 'edited.plan.json');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, target), true);
    assert.equal((await stepRows())[1]?.item.label, '2 Accept the --verbose flag');
    await vscode.workspace.fs.delete(target);
  });

  it('reveals its view container, the plan view and the log', async () => {
    await vscode.commands.executeCommand(`workbench.view.extension.${VIEW_CONTAINERS.main}`);
    await vscode.commands.executeCommand(`${VIEWS.plan}.focus`);
    await vscode.commands.executeCommand(COMMANDS.showLog);
  });
});
