// Several runs at once in one window: a plan runs while another plan is opened and run beside it (no refusal), both
// ask about a step of the same id, "Waiting for you" lists both questions (the other run's labelled by its run), the
// status bar's count and the Runs view show both, each is approved from its own row, and both end succeeded with
// journals of their own; a CLI run of the same workspace is listed in the Runs view and shown in the Plan view.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RunReport } from '../../../src/core/run/runSummary';
import { COMMANDS } from '../../../src/vscode/ids';
import { EXTENSION_ID, planwright, readText, setUserSetting, until, waitingRows, workspaceUri } from './support';

/** A plan of one step, `S1`, that writes `notes/<name>.txt` (so it asks for approval). */
function notePlan(goal: string, name: string) {
  return { version: 1, goal, steps: [{ id: 'S1', title: `Write ${name}`, tool: 'writeFile', args: { path: `notes/${name}.txt`, content: `${name}\n` }, postcondition: { kind: 'fileExists', path: `notes/${name}.txt` } }] };
}

async function writePlan(name: string, plan: unknown): Promise<vscode.Uri> {
  const file = workspaceUri(`${name}.plan.json`);
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(plan)));
  return file;
}

function journal(file: string): { type: string; [key: string]: unknown }[] {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
}

/** Runs `planwright run <plan> --approve none` with the extension's bundled CLI: it stops at S1, waiting, exit 3. */
function cliRun(plan: string, folder: string): Promise<number | null> {
  const cli = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
  const child = spawn(process.execPath, [cli, 'run', plan, '--workspace', folder, '--approve', 'none'], { cwd: folder, stdio: 'ignore', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('Planwright with several runs at once in VS Code', function () {
  this.timeout(180_000);

  before(async () => {
    await setUserSetting('autoApprove', 'readOnly');
  });
  after(async () => {
    await setUserSetting('autoApprove', undefined);
  });

  it('runs two plans side by side, with approvals from both in "Waiting for you", and lists a CLI run beside them', async () => {
    const { session, runsView } = await planwright();
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const first = await writePlan('first', notePlan('Write the first note', 'first'));
    const second = await writePlan('second', notePlan('Write the second note', 'second'));
    const cliPlan = await writePlan('cli', notePlan('Write the CLI note', 'cli'));

    assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, first), true);
    const firstRun = Promise.resolve(vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan));
    await until('the first run to ask about S1', () => session.approvals.all().length === 1, 60_000);
    const firstRunId = session.runs.runFiles!.runId;
    const firstJournal = session.runs.runFiles!.journalPath;

    // Opening and running another plan while the first waits is normal: the first goes on beside it.
    assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, second), true);
    assert.ok(!session.runSet.shown.runFiles, 'the second plan opened on the first run');
    const secondRun = Promise.resolve(vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan));
    await until('the second run to ask about its own S1', () => session.approvals.all().length === 2, 60_000);
    const secondRunId = session.runs.runFiles!.runId;
    assert.notEqual(secondRunId, firstRunId);
    assert.equal(session.runSet.executingCount, 2);
    assert.equal(session.runs.state?.plan.goal, 'Write the second note');

    // "Waiting for you": the shown run's question as before, the other run's labelled by its run.
    const waiting = await waitingRows();
    assert.equal(waiting.length, 2);
    const other = waiting.find((row) => row.element.runId === firstRunId);
    const own = waiting.find((row) => row.element.runId === undefined);
    assert.ok(other && own, `rows: ${JSON.stringify(waiting.map((row) => row.element))}`);
    assert.match(String(other.item.description), /^run: Write the first note · /);
    assert.doesNotMatch(String(own.item.description), /^run: /);
    // Messages that list both (Approve All Edits…) name the other run's step with its run, not as the shown plan's S1.
    assert.equal(session.waitingStepName({ runId: firstRunId, stepId: 'S1' }), '1 Write first (run: Write the first note)');
    assert.equal(session.waitingStepName({ runId: secondRunId, stepId: 'S1' }), session.stepName('S1'));

    // A CLI run of the same workspace, stopped waiting for approval, is listed with this window's two.
    assert.equal(await cliRun(cliPlan.fsPath, folder), 3);
    await runsView.look();
    const listed = new Map(runsView.current.map((row) => [row.label, row]));
    assert.match(listed.get('Write the first note')?.description ?? '', /^waiting for you · 1 step asks · \d of 1 steps · this window$/);
    assert.match(listed.get('Write the second note')?.contextValue ?? '', /^run:waiting:live:shown$/);
    const cliRow = listed.get('Write the CLI note');
    assert.ok(cliRow, `the Runs view lists ${JSON.stringify([...listed.keys()])}`);
    assert.match(cliRow.description, /^waiting for you · \d of 1 steps · CLI or MCP$/);
    assert.equal(path.dirname(cliRow.journalPath), path.join(folder, '.planwright', 'runs'));

    // Each question is answered from its own row; both runs end, each in its own journal.
    assert.equal(await vscode.commands.executeCommand(COMMANDS.approveStep, other.element), true);
    assert.equal((await firstRun)?.status, 'succeeded');
    assert.equal(session.runSet.executingCount, 1);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.approveStep, own.element), true);
    assert.equal((await secondRun)?.status, 'succeeded');
    assert.equal(await readText('notes/first.txt'), 'first\n');
    assert.equal(await readText('notes/second.txt'), 'second\n');
    const secondJournal = session.runs.runFiles!.journalPath;
    for (const [file, runId, goal] of [[firstJournal, firstRunId, 'Write the first note'], [secondJournal, secondRunId, 'Write the second note']] as const) {
      const records = journal(file);
      const started = records.filter((record) => record.type === 'runStarted');
      assert.equal(started.length, 1, `${file}: ${started.length} runStarted records`);
      assert.equal(started[0]?.runId, runId);
      assert.equal((started[0]?.plan as { goal: string }).goal, goal);
      assert.equal(records.filter((record) => record.type === 'runStatus').at(-1)?.status, 'succeeded');
    }

    // The CLI run, picked in the Runs view, is shown in the Plan view as its journal tells it.
    assert.equal(await vscode.commands.executeCommand(COMMANDS.showRun, cliRow), true);
    assert.equal(session.runs.state?.plan.goal, 'Write the CLI note');
    assert.equal(session.runs.state?.status, 'awaitingApproval');
    assert.equal(session.runs.heldElsewhere, undefined);

    await session.runs.forget();
    for (const file of [first, second, cliPlan]) await vscode.workspace.fs.delete(file);
    await vscode.workspace.fs.delete(workspaceUri('.planwright/runs'), { recursive: true });
  });
});
