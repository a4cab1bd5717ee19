// A plan planned, approved, run and re-planned inside a real extension host, with a scripted
// OpenAI-compatible model on 127.0.0.1: Plan a Task… fills the tree as the plan streams in (the read starting
// before the reply ends), approvals are answered through the
// tree commands, a failing test run is re-planned in place (revision 2) and the run succeeds with the files
// changed on disk; the journal and trace live under the extension's workspace storage, and a rebuilt
// session replays the run without executing; a paused run is restored as paused and resumed.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RunReport } from '../../../src/core/run/runSummary';
import type { GoalResult } from '../../../src/core/fused/runGoal';
import { COMMANDS, PREVIEW_SCHEME, RUN_DOCUMENT_SCHEME } from '../../../src/vscode/ids';
import { QUIET_GOAL, QUIET_PLAN_STEPS, quietFlagReplies } from '../../support/quietFlagScenario';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { planwright, readText, rows, setUserSetting, stepRows, until, waitingRows, workspaceUri } from './support';

const SETTINGS = ['baseUrl', 'plannerModel', 'workerModel', 'approvedCommands', 'autoApprove', 'maxReplans'];

async function approve(stepId: string): Promise<void> {
  const { session, planTree } = await planwright();
  await until(`${stepId} to wait for approval`, () => session.approvals.get(stepId), 60_000);
  planTree.rebuild();
  const element = planTree.stepElement(stepId);
  assert.ok(element, `no row for ${stepId}`);
  assert.equal(await vscode.commands.executeCommand(COMMANDS.approveStep, element), true);
}

function journalRecords(file: string): { type: string; [key: string]: unknown }[] {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
}

describe('Planwright runs a plan in VS Code', function () {
  this.timeout(120_000);
  let server: ScriptedModelServer;
  /** Plan a Task…, which runs the plan it streams until the run stops. */
  let planning: Promise<GoalResult | false | undefined> = Promise.resolve(undefined);

  before(async () => {
    // The plan arrives as plan lines over several seconds, so the tree can be seen filling.
    server = await ScriptedModelServer.start(quietFlagReplies({ streamPlan: { chunkChars: 24, chunkDelayMs: 120 } }));
    await setUserSetting('baseUrl', server.baseUrl);
    await setUserSetting('plannerModel', 'scripted-planner');
    await setUserSetting('workerModel', 'scripted-worker');
    await setUserSetting('approvedCommands', ['npm test']);
    await setUserSetting('autoApprove', 'readOnly');
  });

  after(async () => {
    for (const key of SETTINGS) await setUserSetting(key, undefined);
    await server?.close();
  });

  it('streams the plan into the tree as the planner writes it: the read starts at once, changes wait for approval', async () => {
    const { session, planTree } = await planwright();
    // What the tree held each time the run changed: its step rows, and whether the reply was still arriving.
    const seen: { readonly steps: number; readonly planOpen: boolean }[] = [];
    const watch = session.runs.onDidChange(() => {
      planTree.rebuild();
      const [root] = planTree.getChildren();
      const steps = root ? planTree.getChildren(root).filter((child) => child.kind === 'step').length : 0;
      seen.push({ steps, planOpen: session.runs.state?.planOpen === true });
    });
    try {
      planning = Promise.resolve(vscode.commands.executeCommand<GoalResult | false>(COMMANDS.planTask, QUIET_GOAL));
      // The run of an earlier test may still be the one shown until Plan a Task… replaces it.
      await until('the plan to be complete', () => session.runs.state?.plan.goal === QUIET_GOAL && session.runs.state.planOpen !== true, 120_000);
    } finally {
      watch.dispose();
    }
    const early = seen.filter((entry) => entry.planOpen && entry.steps > 0 && entry.steps < QUIET_PLAN_STEPS.length);
    assert.ok(early.length > 0, `the tree never held part of the plan while it was written: ${JSON.stringify(seen)}`);
    const [root] = await rows();
    assert.equal(root?.item.label, QUIET_GOAL);
    assert.deepEqual((await stepRows()).map((row) => row.item.label), QUIET_PLAN_STEPS.map((step, index) => `${index + 1} ${step.title}`));
    // The read started before the reply ended; nothing that changes the workspace ran without an answer.
    const trace = journalRecords(session.runs.runFiles!.tracePath);
    assert.deepEqual(trace.filter((event) => event.type === 'earlyStart').map((event) => event.stepId), ['E1']);
    assert.notEqual(session.runs.state?.steps.get('E2')?.status, 'succeeded');
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0]?.body.model, 'scripted-planner');
  });

  it('runs it: approvals through the tree commands, a failed postcondition re-planned in place, success on disk', async () => {
    const { session } = await planwright();
    // Run Plan joins the run that Plan a Task… started.
    const running = Promise.resolve(vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan));
    await until('E2 to wait for approval', () => session.approvals.get('E2'), 30_000);
    const steps = await stepRows();
    assert.equal(steps[1]?.item.contextValue, 'step:awaitingApproval:asking:diff:editable:files');
    assert.equal((steps[0]?.item.iconPath as vscode.ThemeIcon).id, 'pass-filled');
    // The pinned section lists E2 with what approving it does; its click opens the diff.
    const [waiting] = await waitingRows();
    assert.equal(waiting?.item.label, `2 ${QUIET_PLAN_STEPS[1]!.title}`);
    assert.match(String(waiting?.item.description), /^changes src\/cli\.js · E2$/);
    assert.equal(waiting?.item.command?.command, COMMANDS.showStepPreview);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.showStepPreview, ...(waiting?.item.command?.arguments ?? [])), true);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff);
    assert.equal(tab.input.modified.scheme, PREVIEW_SCHEME);
    // Approve from the diff editor's title bar: the command gets the preview's URI; the answered step's tab closes.
    assert.equal(await vscode.commands.executeCommand(COMMANDS.approveStep, tab.input.modified), true);
    await until('E2\'s preview tab to close', () => !vscode.window.tabGroups.all.some((group) => group.tabs.some((open) => open.input instanceof vscode.TabInputTextDiff && open.input.modified.scheme === PREVIEW_SCHEME)), 30_000);
    assert.ok(!(await waitingRows()).some((row) => row.element.stepId === 'E2'), 'an answered step leaves the section');
    await approve('E3');
    // E4 (npm test, approved by planwright.approvedCommands) fails its postcondition: the run re-plans.
    await until('revision 2', () => session.runs.state?.revision === 2, 60_000);
    await until('R1 to wait for approval', () => session.approvals.get('R1'), 30_000);
    const [root] = await rows();
    assert.equal(root?.item.description, 'rev 2 · waiting for approval · unsaved');
    assert.equal(root?.item.label, `(rev 2) ${QUIET_GOAL}`);
    const all = await rows(root!.element);
    const shown = all.map((row) => `${row.element.kind} ${String(row.item.label)} | ${String(row.item.description)}`);
    assert.match(shown[3] ?? '', /^group Replaced in rev 2 \| 4 Run the tests failed: /);
    assert.deepEqual(
      shown.filter((_, index) => index !== 3),
      [
        'step 1 Read the CLI entry point | succeeded',
        'step 2 Accept --quiet | succeeded',
        'step 3 Test that --quiet leaves out the file name | succeeded',
        'step 4 (rev 2) Leave out the file name when quiet | waiting for your approval',
        'step 5 (rev 2) Run the tests again | pending',
        'step 6 (rev 2) Document --quiet | pending',
      ],
    );
    const group = all[3]!;
    assert.equal(group.item.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    const replacedE4 = (await rows(group.element))[0]!;
    assert.equal(replacedE4.item.contextValue, 'replaced:output');
    assert.equal(String((await rows(replacedE4.element))[0]?.item.label), 'exit code: expected 0, got 1');
    await approve('R1');
    await approve('R3');
    const report = await running;
    assert.equal(report?.status, 'succeeded', report?.reason);
    assert.equal(report.revision, 2);
    const planned = await planning;
    assert.ok(planned, 'Plan a Task… did not carry the goal out');
    assert.equal(planned.report?.status, 'succeeded');
    assert.match(await readText('src/cli.js'), /options\.quiet \?/);
    assert.match(await readText('test/quiet.test.js'), /--quiet/);
    assert.match(await readText('README.md'), /\[--quiet\]/);
    const after = await rows();
    assert.equal(after[0]?.item.description, 'rev 2 · succeeded · unsaved');
    const ended = (await rows(after[0]!.element)).find((row) => row.element.kind === 'group');
    assert.ok(ended, 'the replaced steps stay once the run ended');
    assert.equal(ended.item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const kept = await rows(ended.element);
    assert.deepEqual(kept.map((row) => row.element.stepId), ['E4', 'E5']);
    const evidence = (await rows(kept[0]!.element)).map((row) => String(row.item.label));
    assert.equal(evidence[0], 'exit code: expected 0, got 1');
    const output = await vscode.commands.executeCommand<vscode.TextDocument | undefined>(COMMANDS.showStepOutput, kept[0]!.element);
    assert.ok(output, 'Show Output on the replaced E4 opens its output');
    assert.equal(output.uri.scheme, RUN_DOCUMENT_SCHEME, 'a read-only document, which closes without asking to save');
    // Why it failed, in the words the tree uses, not the check's own terms.
    assert.match(output.getText(), /^exit code: expected 0, got 1$/m);
    assert.doesNotMatch(output.getText(), /postcondition failed|exitCode 0/);
    assert.match(output.uri.path, /\/Output of Run the tests \(replaced in rev 2\)\.log$/, 'named by its title and the revision that replaced it');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('undoes the run: every file it changed is put back, and a file edited since is refused and kept', async () => {
    const { session } = await planwright();
    const ran = { 'src/cli.js': await readText('src/cli.js'), 'test/quiet.test.js': await readText('test/quiet.test.js') };
    const readme = await readText('README.md');
    await vscode.workspace.fs.writeFile(workspaceUri('README.md'), new TextEncoder().encode(`${readme}Edited by hand.\n`));
    const result = await vscode.commands.executeCommand<{ restored: string[]; removed: string[]; refused: { path: string; reason: string }[] }>(COMMANDS.undoRun, false);
    assert.ok(result);
    assert.deepEqual([result.restored, result.removed], [['src/cli.js'], ['test/quiet.test.js']]);
    assert.deepEqual(result.refused.map((entry) => entry.path), ['README.md']);
    assert.doesNotMatch(await readText('src/cli.js'), /options\.quiet \?/);
    assert.match(await readText('README.md'), /Edited by hand\./);
    assert.equal(session.runs.state?.status, 'succeeded');
    // The tests after this one start from the files as the run left them.
    for (const [file, text] of Object.entries({ ...ran, 'README.md': readme })) await vscode.workspace.fs.writeFile(workspaceUri(file), new TextEncoder().encode(text));
  });

  it("keeps the run's journal and trace under the extension's workspace storage", async () => {
    const { session, storage } = await planwright();
    const files = session.runs.runFiles;
    assert.ok(files);
    assert.equal(path.dirname(files.journalPath), storage.folder);
    assert.ok(!files.journalPath.startsWith(workspaceUri('').fsPath), 'the journal is not in the user\'s files');
    const records = journalRecords(files.journalPath);
    assert.equal(records[0]?.type, 'runStarted');
    assert.deepEqual(records[0]?.host, { source: 'new plan' });
    assert.ok(records.some((record) => record.type === 'revised' && record.revision === 2));
    // The test before undid the run: its last record says so.
    assert.equal(records.at(-1)?.type, 'undone');
    const trace = journalRecords(files.tracePath);
    assert.ok(trace.some((event) => event.type === 'replan'));
    assert.ok(trace.some((event) => event.type === 'llm' && event.role === 'planner'));
  });

  it('replays the run from its journal when the session is rebuilt, running nothing', async () => {
    const { session } = await planwright();
    const files = session.runs.runFiles!;
    const lines = journalRecords(files.journalPath).length;
    const requests = server.requests.length;
    const before = session.runs.state!;
    const restored = await session.runs.restore();
    assert.ok(restored);
    assert.equal(restored.status, 'succeeded');
    assert.equal(restored.revision, 2);
    assert.deepEqual([...restored.steps].map(([id, run]) => [id, run.status]), [...before.steps].map(([id, run]) => [id, run.status]));
    assert.equal(journalRecords(files.journalPath).length, lines);
    assert.equal(server.requests.length, requests);
    assert.equal((await rows())[0]?.item.description, 'rev 2 · undone', 'the run was undone, and reads so after the replay');
    assert.equal(session.runs.resumable, false);
  });

  it('pauses a run, restores it as paused after a rebuild, and resumes it', async () => {
    const { session } = await planwright();
    const plan = {
      version: 1,
      goal: 'Write a note',
      steps: [
        { id: 'P1', title: 'Read the README', tool: 'readFile', args: { path: 'README.md' } },
        { id: 'P2', title: 'Write the note', tool: 'writeFile', args: { path: 'notes/pause.txt', content: 'paused and resumed\n' }, dependsOn: ['P1'], postcondition: { kind: 'fileExists', path: 'notes/pause.txt' } },
      ],
    };
    const file = workspaceUri('pause.plan.json');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(plan)));
    assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
    const first = Promise.resolve(vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan));
    await until('P2 to wait for approval', () => session.approvals.get('P2'), 30_000);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.pauseRun), true);
    assert.equal((await first)?.status, 'paused');
    assert.equal(session.approvals.all().length, 0, 'pausing withdraws the open approvals');
    assert.deepEqual(await waitingRows(), [], 'a paused run lists nothing to approve');
    assert.doesNotMatch(String((await stepRows())[1]?.item.contextValue), /:asking\b/, 'a paused run offers no Approve on the waiting step');
    const restored = await session.runs.restore();
    assert.equal(restored?.status, 'paused');
    assert.equal(session.runs.resumable, true);
    assert.equal((await rows())[0]?.item.contextValue, 'plan:paused');
    const second = Promise.resolve(vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan));
    await approve('P2');
    assert.equal((await second)?.status, 'succeeded');
    assert.equal(await readText('notes/pause.txt'), 'paused and resumed\n');
    assert.equal(session.runs.state?.steps.get('P1')?.attempts, 1, 'P1 ran once, before the pause');
    await vscode.workspace.fs.delete(file);
  });

  it('rejecting a waiting step skips it and invalidates what depends on it', async () => {
    const { session } = await planwright();
    const plan = {
      version: 1,
      goal: 'Write two notes',
      steps: [
        { id: 'W1', title: 'Write a note', tool: 'writeFile', args: { path: 'notes/one.txt', content: 'one\n' }, postcondition: { kind: 'fileExists', path: 'notes/one.txt' } },
        { id: 'W2', title: 'Append to it', tool: 'appendFile', args: { path: 'notes/one.txt', content: 'two\n' }, dependsOn: ['W1'], postcondition: { kind: 'fileContains', path: 'notes/one.txt', text: 'two' } },
      ],
    };
    const file = workspaceUri('reject.plan.json');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(plan)));
    assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
    const running = Promise.resolve(vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan));
    await until('W1 to wait for approval', () => session.approvals.get('W1'), 30_000);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.rejectStep, 'W1'), true);
    const report = await running;
    assert.equal(report?.status, 'needsReplan');
    assert.deepEqual(report?.steps.map((step) => `${step.id}:${step.status}`), ['W1:skipped', 'W2:invalidated']);
    const steps = await stepRows();
    assert.equal(steps[0]?.item.contextValue, 'step:skipped:retryable');
    await vscode.workspace.fs.delete(file);
  });

  it('undoes a step: the files it changed are put back as they were before it ran', async () => {
    const before = await readText('README.md');
    const plan = {
      version: 1,
      goal: 'Change the README',
      steps: [{ id: 'U1', title: 'Add a line', tool: 'appendFile', args: { path: 'README.md', content: 'One more line.\n' }, postcondition: { kind: 'fileContains', path: 'README.md', text: 'One more line.' } }],
    };
    const file = workspaceUri('undo.plan.json');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(plan)));
    assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
    const running = Promise.resolve(vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan));
    await approve('U1');
    assert.equal((await running)?.status, 'succeeded');
    assert.match(await readText('README.md'), /One more line\./);
    assert.equal((await stepRows())[0]?.item.contextValue, 'step:succeeded:output:undoable');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.undoStep, 'U1'), true);
    assert.equal(await readText('README.md'), before);
    await vscode.workspace.fs.delete(file);
  });

  it('retries a failed step from the tree: it runs again and the run carries on', async () => {
    const { session } = await planwright();
    await setUserSetting('maxReplans', 0);
    try {
      const plan = {
        version: 1,
        goal: 'Wait for a file',
        steps: [
          { id: 'F1', title: 'Read the flag file', tool: 'readFile', args: { path: 'notes/flag.txt' } },
          { id: 'F2', title: 'Read the README', tool: 'readFile', args: { path: 'README.md' }, dependsOn: ['F1'] },
        ],
      };
      const file = workspaceUri('retry.plan.json');
      await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(plan)));
      assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
      const first = await vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan);
      assert.notEqual(first?.status, 'succeeded');
      assert.deepEqual(first?.steps.map((step) => step.status), ['failed', 'invalidated']);
      assert.equal((await stepRows())[0]?.item.contextValue, 'step:failed:editable:retryable:skippable');
      await vscode.workspace.fs.writeFile(workspaceUri('notes/flag.txt'), new TextEncoder().encode('ready\n'));
      assert.equal(await vscode.commands.executeCommand(COMMANDS.retryStep, 'F1'), true);
      await until('the run to succeed', () => session.runs.state?.status === 'succeeded' && !session.runs.executing, 30_000);
      assert.ok((session.runs.state?.steps.get('F1')?.attempts ?? 0) >= 2, 'F1 ran again');
      await vscode.workspace.fs.delete(file);
    } finally {
      await setUserSetting('maxReplans', undefined);
    }
  });
});
