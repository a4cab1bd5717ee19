// Approving from the keyboard and the palette inside a real extension host: Approve Step / Reject Step answer
// the selected waiting row (a keybinding gets no tree element), else the only waiting step; the selection moves
// to the next waiting row after an answer; Approve Read-Only Steps approves only what reads; the waiting
// step's preview carries the labelled banner; and the keybindings collide with none of VS Code's defaults.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunReport } from '../../../src/core/run/runSummary';
import { COMMANDS, PREVIEW_SCHEME } from '../../../src/vscode/ids';
import { planwright, setUserSetting, until, waitingRows, workspaceUri } from './support';

interface Keybinding {
  readonly key: string;
  readonly command: string;
}

/** The keybindings of a keybindings.json text (VS Code's default list writes one `{ "key": …, "command": … }` per entry). */
function keybindingsOf(text: string): Keybinding[] {
  return [...text.matchAll(/\{\s*"key":\s*"([^"]+)",\s*"command":\s*"([^"]+)"/g)].map((match) => ({ key: match[1]!, command: match[2]! }));
}

describe('Approve Step and Reject Step from the keyboard', function () {
  this.timeout(120_000);

  it('answers the selected waiting row, moves the selection to the next waiting row, then answers the only waiting step', async () => {
    const { session, planTree, planView } = await planwright();
    await setUserSetting('autoApprove', 'none');
    const file = workspaceUri('keyboard.plan.json');
    try {
      const plan = {
        version: 1,
        goal: 'Read and write notes',
        steps: [
          { id: 'K1', title: 'Read the README', tool: 'readFile', args: { path: 'README.md' } },
          { id: 'K2', title: 'Write the first note', tool: 'writeFile', args: { path: 'notes/k2.txt', content: 'two\n' }, postcondition: { kind: 'fileExists', path: 'notes/k2.txt' } },
          { id: 'K3', title: 'Write the second note', tool: 'writeFile', args: { path: 'notes/k3.txt', content: 'three\n' }, postcondition: { kind: 'fileExists', path: 'notes/k3.txt' } },
          { id: 'K4', title: 'Show the folder', tool: 'runCommand', args: { command: 'ls' }, postcondition: { kind: 'exitCode', equals: 0 } },
        ],
      };
      await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(plan)));
      assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
      await vscode.commands.executeCommand('planwright.plan.focus');
      const running = Promise.resolve(vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan));
      await until('four steps to wait for approval', () => session.approvals.all().length === 4, 30_000);
      // Read-only means read-only: the note writes and the command still wait.
      assert.deepEqual(await vscode.commands.executeCommand(COMMANDS.approveReadOnly), ['K1']);
      assert.deepEqual((await waitingRows()).map((row) => row.element.stepId), ['K2', 'K3', 'K4']);

      // The preview of a waiting step says so at its top, with the actions on that step.
      assert.equal(await vscode.commands.executeCommand(COMMANDS.showStepPreview, 'K3'), true);
      const tab = await until('K3\'s diff tab', () => vscode.window.tabGroups.activeTabGroup.activeTab);
      assert.ok(tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.scheme === PREVIEW_SCHEME);
      assert.equal(tab.label, 'Step 3: notes/k3.txt (new file)');
      const lenses = await until('the banner on K3\'s preview', async () => {
        const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', (tab.input as vscode.TabInputTextDiff).modified);
        return found.length > 0 && found;
      });
      assert.deepEqual(lenses.map((lens) => [lens.command?.title, lens.command?.command, lens.command?.arguments?.[0]]), [
        ['$(bell-dot) Step 3 waits:', '', undefined],
        ['Approve', COMMANDS.approveStep, 'K3'],
        ['Reject', COMMANDS.rejectStep, 'K3'],
        ['Edit Step…', COMMANDS.editStep, 'K3'],
      ]);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

      // A keybinding on a focused row: no element comes with the command, the tree's selection says which step.
      const k2 = (await waitingRows()).find((row) => row.element.stepId === 'K2')!.element;
      await planView.reveal(k2, { select: true, focus: true });
      await until('K2\'s row to be selected', () => planView.selection[0]?.stepId === 'K2');
      assert.equal(await vscode.commands.executeCommand(COMMANDS.approveWaitingStep, 'tree'), true);
      assert.equal(session.approvals.get('K2'), undefined);
      await until('the selection to move to the next waiting row, K3', () => planView.selection[0]?.kind === 'waitingStep' && planView.selection[0]?.stepId === 'K3');
      // From the palette (no argument), the selected waiting row is the one answered.
      assert.equal(await vscode.commands.executeCommand(COMMANDS.approveWaitingStep), true);
      await until('the selection to move to K4', () => planView.selection[0]?.stepId === 'K4');

      // With no waiting row selected, the only waiting step is answered.
      const root = planTree.rootElements().find((element) => element.kind === 'plan')!;
      await planView.reveal(root, { select: true, focus: true });
      await until('the goal row to be selected', () => planView.selection[0]?.kind === 'plan');
      assert.equal(await vscode.commands.executeCommand(COMMANDS.rejectWaitingStep), true);
      const report = await running;
      assert.deepEqual(report?.steps.map((step) => `${step.id}:${step.status}`), ['K1:succeeded', 'K2:succeeded', 'K3:succeeded', 'K4:skipped']);
      assert.equal(await vscode.commands.executeCommand(COMMANDS.approveWaitingStep), false, 'nothing waits any more');
    } finally {
      await setUserSetting('autoApprove', 'readOnly');
      await vscode.workspace.fs.delete(file);
    }
  });

  it('binds Approve Step and Reject Step to keys none of VS Code\'s default keybindings use', async () => {
    const ours = (vscode.extensions.getExtension('planwright.planwright')?.packageJSON.contributes.keybindings ?? []) as Keybinding[];
    assert.ok(ours.length >= 4, 'the manifest binds approve and reject in the tree and in a preview');
    await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
    const document = await until('the default keybindings', () => vscode.window.activeTextEditor?.document.uri.scheme === 'vscode' && vscode.window.activeTextEditor.document);
    const defaults = keybindingsOf(document.getText()).filter((binding) => !binding.command.startsWith('planwright.'));
    assert.ok(defaults.length > 500, `read only ${defaults.length} default keybindings`);
    for (const { key } of ours) {
      // A chord also collides with a default bound to its first part alone.
      const clashes = defaults.filter((binding) => binding.key === key || binding.key === key.split(' ')[0]);
      assert.deepEqual(clashes, [], `${key} is a default keybinding`);
    }
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
