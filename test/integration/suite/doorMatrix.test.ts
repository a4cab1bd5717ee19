// The guarantees × doors matrix for the editor's doors, inside a real extension host: Run Plan, the
// `planwright_runPlan` Language Model tool, and Plan a Task (split mode, a scripted planner on 127.0.0.1 writing
// the plan), each opening its run through core's openRun. Each door runs the same four changes in door/ (edit
// app.js, write added.txt, delete notes.txt, append once to log.txt), each write waiting for approval until the
// test approves it as a user would (doorMatrixSupport.ts). The worktree and undone columns are
// doorMatrixColumns.test.ts's; the CLI's and MCP's doors are the unit layer's (test/unit/lifecycle).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { runReport, type RunReport } from '../../../src/core/run/runSummary';
import { JsonlRecordLog } from '../../../src/node/jsonlRecordLog';
import { COMMANDS } from '../../../src/vscode/ids';
import { CHANGED, DOOR_REPORT_FIELDS, doorFiles, doorSuiteHooks, EDITOR_DOORS, ORIGINAL, ran } from './doorMatrixSupport';
import { planwright, workspaceUri } from './support';

describe('guarantees × the editor\'s doors', function () {
  this.timeout(120_000);
  const server = doorSuiteHooks({ mode: 'split' });

  for (const [name, mode, door] of EDITOR_DOORS) {
    describe(name, () => {
      it('an approval wait is a wait, never a failure; once approved the four changes are made and the effect that must not repeat ran once', async () => {
        const { session } = await planwright();
        let seenWaiting = false;
        // In the editor a waiting step holds the run open (it executes on): the step waits, nothing failed, nothing changed yet.
        const { report, waited } = await ran(door, () => {
          const steps = [...(session.runs.state?.steps.values() ?? [])];
          seenWaiting ||= steps.some((step) => step.status === 'awaitingApproval') && !steps.some((step) => step.status === 'failed');
          return seenWaiting;
        });
        assert.ok(seenWaiting, 'the run waited for approval');
        assert.deepEqual(waited.sort(), ['E1', 'E2', 'E3', 'E4']);
        assert.equal(report.status, 'succeeded', JSON.stringify(report));
        assert.deepEqual(await doorFiles(), CHANGED);
      });

      it('undo restores every change and refuses a file edited since', async () => {
        await ran(door);
        await vscode.workspace.fs.writeFile(workspaceUri('door/app.js'), new TextEncoder().encode('mine\n'));
        const result = await vscode.commands.executeCommand<{ refused: { path: string }[] }>(COMMANDS.undoRun, false);
        assert.deepEqual(result?.refused.map((entry) => entry.path), ['door/app.js']);
        assert.deepEqual(await doorFiles(), { ...ORIGINAL, 'door/app.js': 'mine\n' });
      });

      it('usage.total counts every call the endpoint served, and the journal replays to the same state', async () => {
        const served = server().requests.length;
        const { report } = await ran(door);
        assert.equal((report.usage as RunReport['usage']).total.calls, server().requests.length - served);
        const { session } = await planwright();
        const journal = session.runs.runFiles!.journalPath;
        const replayed = runReport(await loadRunState(new JsonlRecordLog(journal, false), () => undefined));
        assert.deepEqual(replayed, runReport(session.runs.state!));
        assert.equal(report.journal, journal, 'the report names the journal');
      });

      it('the report has the fields every door gives, its mode among them', async () => {
        const { report } = await ran(door);
        for (const field of [...DOOR_REPORT_FIELDS, 'journal', 'trace', 'evidence']) assert.ok(field in report, `the report has ${field}: ${Object.keys(report).join(', ')}`);
        assert.equal(report.mode, mode);
      });
    });
  }
});
