// A plan with a `subplan` step run inside a real extension host, the child planned by the scripted model on
// 127.0.0.1: while the child runs, its steps show under the parent step (open, numbered, with their own
// statuses, ids under the parent's), its approval questions are answered by their path (S2/C1) from the diff
// editor's title and from the "Waiting for you" section, and once it is done the parent row is closed with the child's steps succeeded and
// the budget and what was spent in its description; a rebuilt session shows the children from their journals.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunReport } from '../../../src/core/run/runSummary';
import { COMMANDS, PREVIEW_SCHEME } from '../../../src/vscode/ids';
import { ScriptedModelServer, type ScriptedReply } from '../../support/scriptedModelServer';
import { planwright, readText, rows, setUserSetting, stepRows, until, waitingRows, workspaceUri } from './support';

const SETTINGS = ['baseUrl', 'plannerModel', 'workerModel', 'autoApprove'];
const SUB_GOAL = 'Write the two notes of the sub-plan';

const CHILD_STEPS = [
  { id: 'C1', title: 'Write note A', tool: 'writeFile', args: { path: 'notes/sub/a.txt', content: 'note A\n' }, postcondition: { kind: 'fileExists', path: 'notes/sub/a.txt' } },
  { id: 'C2', title: 'Write note B', tool: 'writeFile', args: { path: 'notes/sub/b.txt', content: 'note B\n' }, dependsOn: ['C1'], postcondition: { kind: 'fileExists', path: 'notes/sub/b.txt' } },
];

const PARENT_PLAN = {
  version: 1,
  goal: 'Write notes through a sub-plan',
  steps: [
    { id: 'S1', title: 'Read the README', tool: 'readFile', args: { path: 'README.md' } },
    {
      id: 'S2',
      title: 'Hand the notes to a sub-plan',
      tool: 'subplan',
      args: { goal: SUB_GOAL, scope: ['notes/sub'], budget: { steps: 4, replans: 1, tokens: 50_000 } },
      dependsOn: ['S1'],
      postcondition: { kind: 'fileExists', path: 'notes/sub/b.txt' },
    },
  ],
};

/** The child's plan for a planning request, a summary for anything else. */
function replies(body: any): ScriptedReply {
  const task = String(body?.messages?.[1]?.content ?? '');
  if (task.startsWith('Task: write a plan')) return { content: JSON.stringify({ steps: CHILD_STEPS }), usage: { prompt_tokens: 1_200, completion_tokens: 300 } };
  return { content: 'Wrote both notes.', usage: { prompt_tokens: 400, completion_tokens: 20 } };
}

/** Answers the open question of `stepId` from its row in the "Waiting for you" section. */
async function approveWaiting(stepId: string): Promise<void> {
  const { session } = await planwright();
  await until(`${stepId} to wait for approval`, () => session.approvals.get(stepId), 60_000);
  const row = (await waitingRows()).find((entry) => entry.element.stepId === stepId);
  assert.ok(row, `no waiting row for ${stepId}`);
  assert.equal(await vscode.commands.executeCommand(COMMANDS.approveStep, row.element), true);
}

/** The subplan step's row and the child step rows under it. */
async function subplanRow() {
  const row = (await stepRows())[1];
  assert.ok(row, 'no row for S2');
  const children = (await rows(row.element)).filter((entry) => entry.element.kind === 'step');
  return { row, children };
}

describe('A sub-plan in the tree of a real VS Code', function () {
  this.timeout(180_000);
  let server: ScriptedModelServer;

  before(async () => {
    server = await ScriptedModelServer.start(replies);
    await setUserSetting('baseUrl', server.baseUrl);
    await setUserSetting('plannerModel', 'scripted-planner');
    await setUserSetting('workerModel', 'scripted-worker');
    await setUserSetting('autoApprove', 'readOnly');
  });

  after(async () => {
    for (const key of SETTINGS) await setUserSetting(key, undefined);
    await server?.close();
  });

  it('nests the child steps under the subplan step while it runs, and closes it with them succeeded once done', async () => {
    const { session } = await planwright();
    const file = workspaceUri('subplan.plan.json');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(PARENT_PLAN)));
    await vscode.workspace.fs.writeFile(workspaceUri('notes/sub/index.txt'), new TextEncoder().encode('notes written by a sub-plan\n'));
    assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
    const running = Promise.resolve(vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan));

    // The child was planned and asks for its first write: its steps are under S2, which is open.
    await until('the child to ask for C1', () => session.approvals.get('S2/C1'), 60_000);
    await until('the tree to show the child', async () => (await subplanRow()).children.length === 2);
    const during = await subplanRow();
    assert.equal(during.row.item.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    assert.match(String(during.row.item.description), /^running · budget 4 steps · 1 re-plan · 50\.0k tokens; used 2 steps · 0 re-plans · [\d,]+ tokens/);
    assert.deepEqual(during.children.map((entry) => entry.item.label), ['1 Write note A', '2 Write note B']);
    assert.deepEqual(during.children.map((entry) => entry.element.stepId), ['S2/C1', 'S2/C2']);
    assert.deepEqual(during.children.map((entry) => entry.item.contextValue), ['substep:awaitingApproval', 'substep:pending']);
    assert.equal((await stepRows())[0]?.element.stepId, 'S1', 'the parent’s own steps keep their ids');

    // C1 from its diff's title bar: the preview's URI names the child's step, not the parent's S2.
    const [waiting] = (await waitingRows()).filter((entry) => entry.element.stepId === 'S2/C1');
    assert.match(String(waiting?.item.description), / · S2\/C1$/);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.showStepPreview, ...(waiting?.item.command?.arguments ?? [])), true);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff);
    assert.equal(tab.input.modified.scheme, PREVIEW_SCHEME);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.approveStep, tab.input.modified), true);
    await approveWaiting('S2/C2');
    assert.equal((await running)?.status, 'succeeded');
    assert.equal(await readText('notes/sub/b.txt'), 'note B\n');

    const after = await subplanRow();
    assert.equal(after.row.item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.match(String(after.row.item.description), /^succeeded · budget .*; used 2 steps/);
    assert.deepEqual(after.children.map((entry) => entry.item.label), ['1 Write note A', '2 Write note B']);
    assert.deepEqual(after.children.map((entry) => entry.item.contextValue), ['substep:succeeded', 'substep:succeeded']);
    assert.deepEqual(after.children.map((entry) => (entry.item.iconPath as vscode.ThemeIcon).id), ['pass-filled', 'pass-filled']);
  });

  it('shows the children again from their journals when the session is rebuilt', async () => {
    const { session } = await planwright();
    const requests = server.requests.length;
    const restored = await session.runs.restore();
    assert.equal(restored?.status, 'succeeded');
    assert.equal(server.requests.length, requests, 'restoring runs nothing');
    const { row, children } = await subplanRow();
    assert.equal(row.item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.deepEqual(children.map((entry) => [entry.item.label, entry.item.contextValue]), [
      ['1 Write note A', 'substep:succeeded'],
      ['2 Write note B', 'substep:succeeded'],
    ]);
    await vscode.workspace.fs.delete(workspaceUri('subplan.plan.json'));
    await vscode.workspace.fs.delete(workspaceUri('notes/sub'), { recursive: true });
  });
});
