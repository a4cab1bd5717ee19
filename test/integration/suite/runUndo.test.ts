// Undo Run after Cancel inside a real extension host: a run cancelled while its command runs is undone by the
// Undo Run command, which puts back every file the run changed and refuses, keeping it, a file edited since.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunReport } from '../../../src/core/run/runSummary';
import { COMMANDS } from '../../../src/vscode/ids';
import { planwright, readText, setUserSetting, until, workspaceUri } from './support';

const BUILD = 'sleep 120';

async function exists(relative: string): Promise<boolean> {
  return Promise.resolve(vscode.workspace.fs.stat(workspaceUri(relative))).then(
    () => true,
    () => false,
  );
}

describe('Undo Run after Cancel', function () {
  this.timeout(120_000);

  before(async () => {
    await setUserSetting('autoApprove', 'readOnlyAndIdempotentFileEdits');
    await setUserSetting('approvedCommands', [BUILD]);
  });

  after(async () => {
    await setUserSetting('autoApprove', undefined);
    await setUserSetting('approvedCommands', undefined);
  });

  it('puts back every file the cancelled run changed, and refuses a file edited since', async () => {
    const { session } = await planwright();
    const readme = await readText('README.md');
    const plan = {
      version: 1,
      goal: 'Change two files, then build',
      steps: [
        { id: 'K1', title: 'Write the note', tool: 'writeFile', args: { path: 'cancel-note.txt', content: 'from the run\n' }, postcondition: { kind: 'fileExists', path: 'cancel-note.txt' } },
        { id: 'K2', title: 'Rewrite the README', tool: 'writeFile', args: { path: 'README.md', content: 'replaced by the run\n' }, dependsOn: ['K1'], postcondition: { kind: 'fileContains', path: 'README.md', text: 'replaced' } },
        { id: 'K3', title: 'Build', tool: 'runCommand', args: { command: BUILD }, dependsOn: ['K2'], postcondition: { kind: 'exitCode', equals: 0 } },
        { id: 'K4', title: 'Write the result', tool: 'writeFile', args: { path: 'cancel-result.txt', content: 'built\n' }, dependsOn: ['K3'], postcondition: { kind: 'fileExists', path: 'cancel-result.txt' } },
      ],
    };
    const file = workspaceUri('cancel.plan.json');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(plan)));
    try {
      assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
      const running = Promise.resolve(vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan));
      await until('the build to run', () => session.runs.state?.steps.get('K3')?.status === 'running', 60_000);
      assert.equal(await vscode.commands.executeCommand(COMMANDS.cancelRun), true);
      assert.equal((await running)?.status, 'cancelled');
      assert.equal(await readText('README.md'), 'replaced by the run\n');
      await vscode.workspace.fs.writeFile(workspaceUri('cancel-note.txt'), new TextEncoder().encode('from the run\nand by hand\n'));

      const result = await vscode.commands.executeCommand<{ restored: string[]; refused: { path: string; reason: string }[] }>(COMMANDS.undoRun, false);
      assert.ok(result, 'Undo Run acts on the cancelled run');
      assert.deepEqual(result.restored, ['README.md']);
      assert.deepEqual(result.refused, [{ path: 'cancel-note.txt', reason: 'edited since 1 Write the note changed it' }]);
      assert.equal(await readText('README.md'), readme);
      assert.equal(await readText('cancel-note.txt'), 'from the run\nand by hand\n', 'the edit made since is kept');
      assert.equal(await exists('cancel-result.txt'), false, 'the step after Cancel never ran');
      assert.equal(session.runs.state?.status, 'cancelled');
    } finally {
      await vscode.workspace.fs.writeFile(workspaceUri('README.md'), new TextEncoder().encode(readme));
      for (const left of ['cancel-note.txt', 'cancel.plan.json']) await vscode.workspace.fs.delete(workspaceUri(left)).then(undefined, () => undefined);
    }
  });
});
