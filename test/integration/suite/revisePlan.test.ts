// Revise… and the approved scope inside a real extension host, with a scripted planner on 127.0.0.1: a comment on
// a pending step gets a patch scoped to that step, shown as a plan diff on a page (the widening flagged) that
// Discard leaves unapplied and Apply puts in the plan and its file; a comment on the goal row while the run waits
// for approval is journalled as the user's revision, so the approved scope grows and the run carries on; a
// re-plan that makes a step change a file the approved plan did not waits, its row saying why, even where the
// settings approve file writes, and runs once the user approves it, or at once where planwright.allowScopeGrowth
// allows it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { COMMANDS, REVISION_VIEW_TYPE } from '../../../src/vscode/ids';
import { ScriptedModelServer, type ScriptedReply } from '../../support/scriptedModelServer';
import { planwright, readText, rows, setUserSetting, stepRows, until, workspaceUri } from './support';

const SETTINGS = ['baseUrl', 'plannerModel', 'workerModel', 'autoApprove', 'approvedCommands', 'allowScopeGrowth'];
const FILES = ['revise.plan.json', 'growth.plan.json', 'revise-a.txt', 'revise-b.txt', 'revise-c.txt', 'growth.txt'];

function revisionTabOpen(): boolean {
  return vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(REVISION_VIEW_TYPE)));
}

async function openPlan(name: string, plan: unknown): Promise<void> {
  const file = workspaceUri(name);
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(plan)));
  assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
}

async function approveWhenAsked(stepId: string): Promise<void> {
  const { session, planTree } = await planwright();
  await until(`${stepId} to wait for approval`, () => session.approvals.get(stepId), 30_000);
  planTree.rebuild();
  assert.equal(await vscode.commands.executeCommand(COMMANDS.approveStep, planTree.stepElement(stepId)), true);
}

const PLAN = {
  version: 1,
  goal: 'Write revision notes',
  steps: [
    { id: 'R1', title: 'Read the README', tool: 'readFile', args: { path: 'README.md' } },
    { id: 'R2', title: 'Write the notes', tool: 'writeFile', args: { path: 'revise-a.txt', content: 'a\n' }, dependsOn: ['R1'], postcondition: { kind: 'fileExists', path: 'revise-a.txt' } },
  ],
};

describe('Revise… and the approved scope in VS Code', function () {
  this.timeout(120_000);
  let server: ScriptedModelServer;
  /** The planner's answers to a comment, and to a step that broke, in order. */
  const revisions: ScriptedReply[] = [];
  const replans: ScriptedReply[] = [];

  before(async () => {
    server = await ScriptedModelServer.start((body) => {
      const task = String(body?.messages?.at(-1)?.content ?? '');
      const reply = task.startsWith('Task: the user commented on a plan') ? revisions.shift() : replans.shift();
      return reply ?? { content: '', usage: null };
    });
    await setUserSetting('baseUrl', server.baseUrl);
    await setUserSetting('plannerModel', 'scripted-planner');
    await setUserSetting('workerModel', 'scripted-worker');
    await setUserSetting('autoApprove', 'readOnly');
  });

  after(async () => {
    const { session } = await planwright();
    if (session.runs.cancel()) await until('the run to stop', () => !session.runs.executing);
    await session.runs.forget();
    await session.loadedPlan.set(undefined);
    for (const key of SETTINGS) await setUserSetting(key, undefined);
    for (const file of FILES) await Promise.resolve(vscode.workspace.fs.delete(workspaceUri(file))).catch(() => undefined);
    await server?.close();
  });

  it('Revise… on a pending step shows the diff of a patch scoped to it; Discard leaves the plan, Apply puts it in the plan and its file', async () => {
    const { session, planTree, revisions: pending } = await planwright();
    await openPlan('revise.plan.json', PLAN);
    planTree.rebuild();
    const step = planTree.stepElement('R2');
    assert.ok(step, 'no row for R2');
    const reply = { content: 'replace R2 writeFile {"path": "revise-b.txt", "content": "b\\n"} after R1\n', usage: null };

    revisions.push(reply);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.revisePlan, step, 'write the notes to revise-b.txt'), true);
    assert.match(String(server.requests.at(-1)?.body.messages.at(-1)?.content), /Comment on R2: write the notes to revise-b\.txt\nChange only R2/);
    const review = pending.shownMarkdown ?? '';
    assert.match(review, /^Revision of 2 Write the notes: "write the notes to revise-b\.txt"/);
    assert.match(review, /\*\*Changed\*\*\n- 2 writeFile revise-b\.txt \(R2\): [^\n]*args/);
    assert.match(review, /\*\*Widens the approved scope\*\*: it changes revise-b\.txt \(2 writeFile revise-b\.txt\)/);
    await until('the review to open as a page', () => revisionTabOpen());
    assert.equal((session.plan?.steps[1]?.args as { path: string }).path, 'revise-a.txt', 'nothing changes before Apply');

    assert.equal(await vscode.commands.executeCommand(COMMANDS.discardRevision), true);
    await until('the review page to close', () => !revisionTabOpen());
    assert.equal((session.plan?.steps[1]?.args as { path: string }).path, 'revise-a.txt');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.applyRevision), false, 'a discarded revision cannot be applied');

    revisions.push(reply);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.revisePlan, 'R2', 'write the notes to revise-b.txt'), true);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.applyRevision), true);
    await until('the review page to close', () => !revisionTabOpen());
    assert.deepEqual(session.plan?.steps.map((each) => `${each.id} ${String((each.args as { path: string }).path)}`), ['R1 README.md', 'R2 revise-b.txt']);
    assert.equal((JSON.parse(await readText('revise.plan.json')) as typeof PLAN).steps[1]?.args.path, 'revise-b.txt');
    const tooltip = (await stepRows())[1]?.item.tooltip;
    assert.match(tooltip instanceof vscode.MarkdownString ? tooltip.value : String(tooltip), /"path": "revise-b\.txt"/);
  });

  it('Revise… on the goal row while the run waits: Apply journals the user\'s revision, the approved scope grows and the run carries on', async () => {
    const { session, revisions: pending } = await planwright();
    const running = Promise.resolve(vscode.commands.executeCommand(COMMANDS.runPlan));
    await until('R2 to wait for approval', () => session.approvals.get('R2'), 30_000);
    const [goal] = await rows();
    assert.match(String(goal?.item.contextValue), /^plan:/);

    revisions.push({ content: 'add R3 after R2 writeFile {"path": "revise-c.txt", "content": "c\\n"}\n', usage: null });
    assert.equal(await vscode.commands.executeCommand(COMMANDS.revisePlan, goal?.element, 'also write revise-c.txt'), true);
    assert.match(String(server.requests.at(-1)?.body.messages.at(-1)?.content), /Comment on the whole plan: also write revise-c\.txt/);
    assert.match(pending.shownMarkdown ?? '', /\*\*Added\*\*\n- 3 [^\n]*\(R3[^\n]*\)\n[\s\S]*\*\*Widens the approved scope\*\*: it changes revise-c\.txt/);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.applyRevision), true);

    assert.deepEqual(session.plan?.steps.map((step) => step.id), ['R1', 'R2', 'R3']);
    assert.ok(session.runs.state?.approvedScope?.files.includes('revise-c.txt'), 'the approved scope holds the file the user\'s revision added');
    const journalPath = session.runs.runFiles?.journalPath;
    assert.ok(journalPath);
    const journal = readFileSync(journalPath, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { type: string; approved?: boolean; reason?: string });
    const revised = journal.filter((record) => record.type === 'revised');
    assert.equal(revised.length, 1);
    assert.equal(revised[0]?.approved, true);
    assert.match(String(revised[0]?.reason), /revised the plan from the comment "also write revise-c\.txt"/);

    await approveWhenAsked('R2');
    await approveWhenAsked('R3');
    await until('the run to succeed', () => session.runs.state?.status === 'succeeded', 30_000);
    await running;
    assert.equal(await readText('revise-b.txt'), 'b\n');
    assert.equal(await readText('revise-c.txt'), 'c\n');
  });

  it('a re-plan that widens the approved scope waits with its reason on the row, even where writes are approved; approved, it runs; planwright.allowScopeGrowth lets it run without asking', async () => {
    const { session, planTree } = await planwright();
    await session.runs.forget();
    const failing = `${JSON.stringify(process.execPath)} -e "process.exit(3)"`;
    await setUserSetting('autoApprove', 'readOnlyAndIdempotentFileEdits');
    await setUserSetting('approvedCommands', [failing]);
    await openPlan('growth.plan.json', { version: 1, goal: 'Write the growth note', steps: [{ id: 'G1', title: 'Check the note', tool: 'runCommand', args: { command: failing }, postcondition: { kind: 'exitCode', equals: 0 } }] });
    replans.push({ content: 'replace G1 writeFile {"path": "growth.txt", "content": "grown\\n"}\n', usage: null });

    const running = Promise.resolve(vscode.commands.executeCommand(COMMANDS.runPlan));
    await until('the re-planned G1 to wait for approval', () => session.approvals.get('G1'), 30_000);
    planTree.rebuild();
    const row = await planTree.getTreeItem(planTree.stepElement('G1')!);
    assert.match(String(row.description), /^waiting for your approval · widens the approved scope$/);
    assert.match(String((row.tooltip as vscode.MarkdownString | undefined)?.value ?? row.tooltip), /it widens the approved scope: it changes growth\.txt, which the approved plan did not/);
    await assert.rejects(readText('growth.txt'), 'nothing is written while it waits');

    // Approved by the user, it runs.
    await approveWhenAsked('G1');
    await running;
    assert.equal(session.runs.state?.status, 'succeeded');
    assert.equal(await readText('growth.txt'), 'grown\n');

    // With planwright.allowScopeGrowth on, the next run's widening re-plan runs without asking.
    await vscode.workspace.fs.delete(workspaceUri('growth.txt'));
    await setUserSetting('allowScopeGrowth', true);
    replans.push({ content: 'replace G1 writeFile {"path": "growth.txt", "content": "grown\\n"}\n', usage: null });
    const first = session.runs.state?.runId;
    const next = Promise.resolve(vscode.commands.executeCommand(COMMANDS.runPlan));
    await until('the new run to end or G1 to wait', () => (session.runs.state?.runId !== first && session.runs.state?.status === 'succeeded') || session.approvals.get('G1'), 30_000);
    assert.equal(session.approvals.get('G1'), undefined, 'G1 did not wait');
    await next;
    assert.equal(await readText('growth.txt'), 'grown\n');
  });
});
