// Integration tests: the packaged extension's code inside a real VS Code extension host, against a copy of
// examples/demo-workspace.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PlanwrightExports } from '../../../src/extension';
import type { PlanTreeNode } from '../../../src/core/view/planTreeModel';
import { COMMANDS, VIEW_CONTAINERS, VIEWS } from '../../../src/vscode/ids';

const EXTENSION_ID = 'planwright.planwright';
const DEMO_PLAN = 'add-verbose-flag.plan.json';
const DEMO_GOAL = 'Add a --verbose flag to tally that reports each file it reads';

function workspaceUri(relative: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests need the demo workspace open');
  return vscode.Uri.joinPath(folder.uri, relative);
}

async function planTree(): Promise<vscode.TreeDataProvider<PlanTreeNode>> {
  const extension = vscode.extensions.getExtension<PlanwrightExports>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed`);
  return (await extension.activate()).planTree;
}

async function children(tree: vscode.TreeDataProvider<PlanTreeNode>, node?: PlanTreeNode): Promise<PlanTreeNode[]> {
  return (await tree.getChildren(node)) ?? [];
}

describe('Planwright in VS Code', () => {
  it('activates and hands back its plan tree', async () => {
    const extension = vscode.extensions.getExtension<PlanwrightExports>(EXTENSION_ID);
    assert.ok(extension);
    const exports = await extension.activate();
    assert.equal(extension.isActive, true);
    assert.ok(exports.planTree);
  });

  it('registers every command it contributes', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    const contributed = (extension?.packageJSON.contributes.commands as { command: string }[]).map((entry) => entry.command);
    assert.deepEqual([...contributed].sort(), Object.values(COMMANDS).sort());
    for (const command of contributed) assert.ok(registered.has(command), `${command} is not registered`);
  });

  it('starts with an empty tree, so the welcome view shows', async () => {
    assert.deepEqual(await children(await planTree()), []);
  });

  it('opens a plan file passed as a Uri and shows its goal and steps in the tree', async () => {
    const tree = await planTree();
    const opened = await vscode.commands.executeCommand<boolean>(COMMANDS.openPlanFile, workspaceUri(DEMO_PLAN));
    assert.equal(opened, true);
    const [root, ...others] = await children(tree);
    assert.ok(root);
    assert.equal(others.length, 0);
    const rootItem = await tree.getTreeItem(root);
    assert.equal(rootItem.label, DEMO_GOAL);
    assert.equal(rootItem.description, DEMO_PLAN);
    assert.equal(rootItem.id, `plan:${DEMO_PLAN}`);
    assert.equal(rootItem.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    const steps = await Promise.all((await children(tree, root)).map((step) => tree.getTreeItem(step)));
    assert.deepEqual(
      steps.map((step) => step.label),
      ['Read the CLI entry point', 'Accept --verbose', 'Report each file when verbose', 'Test the flag', 'Document the flag', 'Run the tests'],
    );
    assert.equal(steps[0]?.id, `plan:${DEMO_PLAN}/step:E1`);
    assert.equal(steps[0]?.contextValue, 'step:pending');
    assert.ok(steps[0]?.iconPath instanceof vscode.ThemeIcon);
  });

  it('refuses a plan file that fails validation and keeps the plan that is open', async () => {
    const tree = await planTree();
    const broken = workspaceUri('broken.plan.json');
    await vscode.workspace.fs.writeFile(broken, new TextEncoder().encode('{ "version": 1, "goal": "x", "steps": [ { "id": "E1" } ] }'));
    const opened = await vscode.commands.executeCommand<boolean>(COMMANDS.openPlanFile, broken);
    assert.equal(opened, false);
    const [root] = await children(tree);
    assert.equal(root?.label, DEMO_GOAL);
  });

  it('refuses a file that is not JSON', async () => {
    const notJson = workspaceUri('not-json.plan.json');
    await vscode.workspace.fs.writeFile(notJson, new TextEncoder().encode('{ "version": 1,'));
    assert.equal(await vscode.commands.executeCommand<boolean>(COMMANDS.openPlanFile, notJson), false);
  });

  it('shows the open plan as an untitled Markdown document', async () => {
    const document = await vscode.commands.executeCommand<vscode.TextDocument | undefined>(COMMANDS.showPlanAsMarkdown);
    assert.ok(document, 'no document was opened');
    assert.equal(document.languageId, 'markdown');
    assert.equal(document.isUntitled, true);
    assert.ok(document.getText().includes(DEMO_GOAL), document.getText());
    assert.ok(document.getText().includes('Accept --verbose'));
    assert.equal(vscode.window.activeTextEditor?.document, document);
  });

  it('reveals its view container, the plan view and the log', async () => {
    await vscode.commands.executeCommand(`workbench.view.extension.${VIEW_CONTAINERS.main}`);
    await vscode.commands.executeCommand(`${VIEWS.plan}.focus`);
    await vscode.commands.executeCommand(COMMANDS.showLog);
  });
});
