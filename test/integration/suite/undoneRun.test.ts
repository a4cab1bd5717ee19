// An undone run inside a real extension host: after Undo Run the goal row and the undone steps say undone, the
// state survives the journal being replayed (as after a window reload), and Run Again starts a new run that writes
// the files again. Also the first use without a model: Plan a Task… says so before asking for a goal.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DoorReport } from '../../../src/core/door/doorReport';
import { reportedRunStatus } from '../../../src/core/run/undoneRun';
import { COMMANDS } from '../../../src/vscode/ids';
import { planwright, readText, rows, setUserSetting, stepRows, until, workspaceUri } from './support';

async function exists(relative: string): Promise<boolean> {
  return Promise.resolve(vscode.workspace.fs.stat(workspaceUri(relative))).then(
    () => true,
    () => false,
  );
}

describe('Undone state and first use: an undone run', function () {
  this.timeout(120_000);

  before(async () => {
    await setUserSetting('autoApprove', 'readOnlyAndIdempotentFileEdits');
  });

  after(async () => {
    await setUserSetting('autoApprove', undefined);
  });

  it('says undone on the goal row and its steps, keeps saying it once the journal is replayed, and runs again as a new run', async () => {
    const { session } = await planwright();
    const plan = {
      version: 1,
      goal: 'Write two notes',
      steps: [
        { id: 'U1', title: 'Write the first note', tool: 'writeFile', args: { path: 'undone-one.txt', content: 'one\n' }, postcondition: { kind: 'fileExists', path: 'undone-one.txt' } },
        { id: 'U2', title: 'Write the second note', tool: 'writeFile', args: { path: 'undone-two.txt', content: 'two\n' }, dependsOn: ['U1'], postcondition: { kind: 'fileExists', path: 'undone-two.txt' } },
      ],
    };
    const file = workspaceUri('undone.plan.json');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(plan)));
    try {
      assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
      assert.equal((await vscode.commands.executeCommand<DoorReport>(COMMANDS.runPlan))?.status, 'succeeded');
      const firstRun = session.runs.state?.runId;
      const result = await vscode.commands.executeCommand<{ removed: string[] }>(COMMANDS.undoRun, false);
      assert.deepEqual(result?.removed, ['undone-one.txt', 'undone-two.txt']);
      assert.equal(await exists('undone-one.txt'), false);

      const goalRow = async () => (await rows())[0]?.item;
      assert.equal((await goalRow())?.contextValue, 'plan:undone');
      assert.match(String((await goalRow())?.description), /undone/);
      for (const row of await stepRows()) assert.match(String(row.item.description), /^undone/, String(row.item.label));

      // As after a window reload: the run is replayed from its journal, and still reads as undone.
      const restored = await session.runs.restore();
      assert.equal(restored?.runId, firstRun);
      assert.equal(restored && reportedRunStatus(restored), 'undone');
      assert.equal((await goalRow())?.contextValue, 'plan:undone');

      const again = await vscode.commands.executeCommand<DoorReport>(COMMANDS.runAgain);
      assert.equal(again?.status, 'succeeded');
      assert.notEqual(session.runs.state?.runId, firstRun, 'Run Again starts a new run');
      assert.equal(await readText('undone-two.txt'), 'two\n');
      assert.equal((await goalRow())?.contextValue, 'plan:succeeded');
    } finally {
      for (const left of ['undone-one.txt', 'undone-two.txt', 'undone.plan.json']) await vscode.workspace.fs.delete(workspaceUri(left)).then(undefined, () => undefined);
    }
  });
});

describe('Undone state and first use: Plan a Task… without a model', function () {
  this.timeout(60_000);

  it('says no model is set up before asking for the goal, so no goal typed is lost', async () => {
    const baseUrl = vscode.workspace.getConfiguration('planwright').inspect('baseUrl')?.globalValue;
    const provider = vscode.workspace.getConfiguration('planwright').inspect('provider')?.globalValue;
    await setUserSetting('provider', 'openai-compatible');
    await setUserSetting('baseUrl', '');
    try {
      await until('the setting to take effect', () => vscode.workspace.getConfiguration('planwright').get('baseUrl') === '');
      // An input box would keep the command waiting for a goal: it ends at once instead.
      let timer: NodeJS.Timeout | undefined;
      const waitedForGoal = new Promise<'waited'>((resolve) => (timer = setTimeout(() => resolve('waited'), 30_000)));
      const ended = await Promise.race([Promise.resolve(vscode.commands.executeCommand(COMMANDS.planTask)), waitedForGoal]);
      clearTimeout(timer);
      assert.equal(ended, false, 'Plan a Task… ended without asking for a goal');
    } finally {
      await setUserSetting('baseUrl', baseUrl);
      await setUserSetting('provider', provider);
    }
  });
});
