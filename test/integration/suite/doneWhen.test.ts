// The goal's "Done when" checks and the evidence report inside a real extension host: a plan file with two
// acceptance checks runs; the pinned group under the goal says one holds and one was already true (proving
// nothing); the evidence page opens by itself at the run's end; a check is edited, added and removed from the
// tree's commands (a wrong one refused with what is wrong), each edit reaching the plan file; Show Evidence
// Report opens the page and Copy as Markdown puts the report's Markdown on the clipboard.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunReport } from '../../../src/core/run/runSummary';
import { COMMANDS, EVIDENCE_VIEW_TYPE } from '../../../src/vscode/ids';
import { planwright, readText, rows, setUserSetting, until, workspaceUri } from './support';

/** The "Done when" group's rows as `label | description`, and the group row itself. */
async function doneWhen(): Promise<{ group: string; checks: string[]; elements: Awaited<ReturnType<typeof rows>> }> {
  const [root] = await rows();
  assert.ok(root, 'the tree shows no plan');
  const group = (await rows(root.element)).find((row) => row.element.kind === 'doneWhen');
  assert.ok(group, 'the goal row has no "Done when" group');
  const checks = await rows(group.element);
  return { group: `${String(group.item.label)} | ${String(group.item.description)}`, checks: checks.map((row) => `${String(row.item.label)} | ${String(row.item.description)}`), elements: checks };
}

function evidenceTabOpen(): boolean {
  return vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(EVIDENCE_VIEW_TYPE)));
}

async function planFileAcceptance(): Promise<unknown> {
  return (JSON.parse(await readText('done-when.plan.json')) as { acceptance?: unknown }).acceptance;
}

describe('"Done when" and the evidence report in VS Code', function () {
  this.timeout(120_000);

  before(async () => {
    await setUserSetting('autoApprove', 'readOnlyAndIdempotentFileEdits');
  });

  after(async () => {
    // The suites after this one start from an empty view, as a window that opened no plan.
    const { session } = await planwright();
    await session.runs.forget();
    await session.loadedPlan.set(undefined);
    await setUserSetting('autoApprove', undefined);
    for (const left of ['done-note.txt', 'done-when.plan.json']) await vscode.workspace.fs.delete(workspaceUri(left)).then(undefined, () => undefined);
  });

  it('shows each check\'s state under the goal, opens the evidence page at the run\'s end, edits checks into the plan file and copies the report as Markdown', async () => {
    const { session, evidence } = await planwright();
    const plan = {
      version: 1,
      goal: 'Leave a note that proves it',
      acceptance: [
        { kind: 'fileContains', path: 'done-note.txt', text: 'proven' },
        { kind: 'fileExists', path: 'README.md' },
      ],
      steps: [{ id: 'D1', title: 'Write the note', tool: 'writeFile', args: { path: 'done-note.txt', content: 'proven\n' }, postcondition: { kind: 'fileExists', path: 'done-note.txt' } }],
    };
    const file = workspaceUri('done-when.plan.json');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(plan)));
    assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
    const before = await doneWhen();
    assert.equal(before.group, 'Done when | 2 checks');
    assert.deepEqual(before.checks, ['done-note.txt contains "proven" | not yet run', 'README.md exists | not yet run']);

    const report = await vscode.commands.executeCommand<RunReport>(COMMANDS.runPlan);
    assert.equal(report?.status, 'succeeded');
    const after = await doneWhen();
    assert.equal(after.group, 'Done when | 2 of 2 hold');
    assert.deepEqual(after.checks, ['done-note.txt contains "proven" | holds', 'README.md exists | already true: proves nothing']);
    assert.equal(after.elements[1]?.item.contextValue, 'doneWhenCheck:alreadyTrue');

    // The run's end opened the evidence page, without taking the focus.
    await until('the evidence page to open at the run\'s end', () => evidence.markdown !== undefined && evidenceTabOpen());
    assert.match(evidence.markdown ?? '', /^## Evidence: Leave a note that proves it\n\nOutcome: \*\*succeeded\*\*/);
    assert.match(evidence.markdown ?? '', /- \[x\] README\.md exists: found \(\d+ bytes\) — already true before the run: proves nothing\n/);
    assert.match(evidence.markdown ?? '', /### Files changed\n- `done-note\.txt` \+1 -0/);

    // A check the gate refuses is refused, and nothing changes.
    assert.equal(await vscode.commands.executeCommand(COMMANDS.editAcceptanceCheck, after.elements[0]?.element, 'exit 0'), false);
    assert.equal((await doneWhen()).checks.length, 2);
    // Edit from the row: the plan and its file take the new check, which has not run on this revision.
    assert.equal(await vscode.commands.executeCommand(COMMANDS.editAcceptanceCheck, after.elements[0]?.element, 'contains done-note.txt "proven twice"'), true);
    await until('the edited check in the tree', async () => (await doneWhen()).checks[0] === 'done-note.txt contains "proven twice" | not yet run');
    assert.deepEqual(await planFileAcceptance(), [{ kind: 'fileContains', path: 'done-note.txt', text: 'proven twice' }, { kind: 'fileExists', path: 'README.md' }]);
    assert.equal(session.runs.state?.plan.acceptance?.[0]?.kind, 'fileContains');
    // Add one, then remove it again.
    assert.equal(await vscode.commands.executeCommand(COMMANDS.addAcceptanceCheck, undefined, 'absent old-note.txt'), true);
    await until('the added check in the tree', async () => (await doneWhen()).checks[2] === 'old-note.txt does not exist | not yet run');
    assert.equal(((await planFileAcceptance()) as unknown[]).length, 3);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.removeAcceptanceCheck, 2), true);
    await until('the removed check gone from the tree', async () => (await doneWhen()).checks.length === 2);
    assert.equal(((await planFileAcceptance()) as unknown[]).length, 2);

    // Show Evidence Report, then Copy as Markdown: the clipboard holds the page's Markdown.
    await vscode.env.clipboard.writeText('');
    assert.equal(await vscode.commands.executeCommand(COMMANDS.showEvidenceReport), true);
    assert.ok(evidenceTabOpen(), 'Show Evidence Report opens the page');
    assert.match(evidence.markdown ?? '', /- \[ \] done-note\.txt contains "proven twice": not evaluated: the run has not reached the end of revision \d+/);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.copyEvidenceMarkdown), true);
    assert.equal(await vscode.env.clipboard.readText(), evidence.markdown);
  });
});
