// The guarantees × doors matrix for the editor's doors, inside a real extension host: Run Plan, the
// `planwright_runPlan` Language Model tool, and Plan a Task (split mode, a scripted planner on 127.0.0.1 writing
// the plan), each opening its run through core's openRun. Each door runs the same four changes in door/ (edit
// app.js, write added.txt, delete notes.txt, append once to log.txt), each write waiting for approval until the
// test approves it as a user would. The CLI's and MCP's columns are the unit layer's (test/unit/lifecycle).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../../src/core/door/doorReport';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { runReport, type RunReport } from '../../../src/core/run/runSummary';
import { JsonlRecordLog } from '../../../src/node/jsonlRecordLog';
import { COMMANDS } from '../../../src/vscode/ids';
import { planwrightTools } from '../../../src/vscode/chat/planwrightTools';
import { ScriptedModelServer } from '../../support/scriptedModelServer';
import { planwright, readText, setUserSetting, until, workspaceUri } from './support';

/** The fields every door's report has for a run that was journalled. */
const DOOR_REPORT_FIELDS = ['mode', 'runId', 'status', 'steps', 'replaced', 'waitingForApproval', 'summary', 'usage'];

const SETTINGS = ['baseUrl', 'plannerModel', 'workerModel', 'autoApprove', 'mode'];
const ORIGINAL: Readonly<Record<string, string>> = { 'door/app.js': 'let a = 1;\n', 'door/notes.txt': 'notes\n' };
const CHANGED: Readonly<Record<string, string>> = { 'door/app.js': 'let a = 2;\n', 'door/added.txt': 'new\n', 'door/log.txt': 'once\n' };
const PLAN = {
  version: 1,
  goal: 'Make four changes in door/',
  steps: [
    { id: 'E1', title: 'Edit app', tool: 'editFile', args: { path: 'door/app.js', edits: [{ find: 'let a = 1;', replace: 'let a = 2;' }] }, postcondition: { kind: 'fileContains', path: 'door/app.js', text: 'a = 2' } },
    { id: 'E2', title: 'Add a file', tool: 'writeFile', args: { path: 'door/added.txt', content: 'new\n' }, postcondition: { kind: 'fileExists', path: 'door/added.txt' } },
    { id: 'E3', title: 'Remove notes', tool: 'deleteFile', args: { path: 'door/notes.txt' }, postcondition: { kind: 'fileAbsent', path: 'door/notes.txt' } },
    { id: 'E4', title: 'Log once', tool: 'appendFile', args: { path: 'door/log.txt', content: 'once\n' }, dependsOn: ['E1'], postcondition: { kind: 'fileContains', path: 'door/log.txt', text: 'once' } },
  ],
};
const FILES = ['door/app.js', 'door/added.txt', 'door/notes.txt', 'door/log.txt'];

/** The door files as they are now (absent ones left out). */
async function doorFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const file of FILES) {
    const text = await readText(file).catch(() => undefined);
    if (text !== undefined) files[file] = text;
  }
  return files;
}

async function seed(): Promise<void> {
  for (const file of FILES) await Promise.resolve(vscode.workspace.fs.delete(workspaceUri(file))).catch(() => undefined);
  for (const [file, text] of Object.entries(ORIGINAL)) await vscode.workspace.fs.writeFile(workspaceUri(file), new TextEncoder().encode(text));
}

/** Opens the plan as a plan file, as a user would before Run Plan or an agent before planwright_runPlan. */
async function openPlan(): Promise<void> {
  const file = workspaceUri('door.plan.json');
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(PLAN)));
  assert.equal(await vscode.commands.executeCommand(COMMANDS.openPlanFile, file), true);
}

/** A door: starts the run and resolves with the report it gives (as an object) once the run stopped. */
type Door = () => Promise<Record<string, unknown>>;

const DOORS: readonly (readonly [string, string, Door])[] = [
  ['Run Plan', 'plan', async () => {
    await openPlan();
    return (await vscode.commands.executeCommand<Record<string, unknown>>(COMMANDS.runPlan))!;
  }],
  ['planwright_runPlan', 'plan', async () => {
    await openPlan();
    const { session } = await planwright();
    const result = (await planwrightTools(session).runPlan.invoke({ input: {}, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token)) as vscode.LanguageModelToolResult;
    return JSON.parse(result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('')) as Record<string, unknown>;
  }],
  ['Plan a Task', 'split', async () => {
    const { session } = await planwright();
    const result = await vscode.commands.executeCommand<RunOutcome | false>(COMMANDS.planTask, PLAN.goal);
    assert.ok(result && result.report, 'Plan a Task ran the plan');
    return session.runs.report as Record<string, unknown>;
  }],
];

/** Runs `door`, approving each step as it comes to wait once `approving` says so; the report and what waited. */
async function ran(door: Door, approving: () => boolean = () => true): Promise<{ report: Record<string, unknown>; waited: string[] }> {
  const { session } = await planwright();
  const waited = new Set<string>();
  const approved = new Set<string>();
  let stopped = false;
  const running = door().finally(() => (stopped = true));
  running.catch(() => undefined);
  while (!stopped) {
    // Waits for the run to stop, or for a step to wait that this call has not approved yet.
    const pending = await until('a step to wait for approval, or the run to stop', () => {
      if (stopped) return [];
      const unanswered = session.approvals.all().filter((request) => !approved.has(request.stepId));
      return unanswered.length > 0 && approving() && unanswered;
    }, 60_000);
    for (const request of pending) {
      waited.add(request.stepId);
      approved.add(request.stepId);
      session.approvals.answer(request.stepId, 'approved');
    }
  }
  return { report: await running, waited: [...waited] };
}

describe('guarantees × the editor\'s doors', function () {
  this.timeout(120_000);
  let server: ScriptedModelServer;

  before(async () => {
    server = await ScriptedModelServer.start((body) => {
      if (String(body?.messages?.[1]?.content ?? '').startsWith('Task: write a plan')) return { content: JSON.stringify(PLAN) };
      return { content: 'Done.' };
    });
    await setUserSetting('baseUrl', server.baseUrl);
    await setUserSetting('plannerModel', 'scripted-planner');
    await setUserSetting('workerModel', 'scripted-worker');
    await setUserSetting('autoApprove', 'readOnly');
    await setUserSetting('mode', 'split');
  });
  beforeEach(seed);
  after(async () => {
    const { session } = await planwright();
    await session.runs.forget();
    await session.loadedPlan.set(undefined);
    for (const key of SETTINGS) await setUserSetting(key, undefined);
    for (const file of [...FILES, 'door.plan.json']) await Promise.resolve(vscode.workspace.fs.delete(workspaceUri(file))).catch(() => undefined);
    await server?.close();
  });

  for (const [name, mode, door] of DOORS) {
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
        const served = server.requests.length;
        const { report } = await ran(door);
        assert.equal((report.usage as RunReport['usage']).total.calls, server.requests.length - served);
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
