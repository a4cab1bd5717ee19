// Plan a Task… with planwright.mode set to fused or auto, inside a real extension host with a scripted
// OpenAI-compatible model on 127.0.0.1 answering with tool calls turn by turn: the agent's actions appear
// in the tree one step at a time as they happen, a write waits for approval through the tree command, the
// files change on disk; in auto mode a goal that asks to find something out goes to the agent, and make_plan escalates and the planned steps appear as the run's next
// revision beside the fused step that already ran.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { GoalResult } from '../../../src/core/fused/runGoal';
import { summarizeArgs } from '../../../src/core/plan/summarizeArgs';
import { COMMANDS } from '../../../src/vscode/ids';
import { ScriptedModelServer, type ScriptedReply } from '../../support/scriptedModelServer';
import { planwright, readText, rows, setUserSetting, stepRows, until, workspaceUri } from './support';

const SETTINGS = ['baseUrl', 'plannerModel', 'workerModel', 'autoApprove', 'mode'];
const FUSED_FILE = 'fused-notes.md';
const AUTO_FILE = 'auto-notes.md';

const call = (name: string, args: unknown) => ({ id: `call_${name}`, name, arguments: JSON.stringify(args) });

async function approve(stepId: string): Promise<void> {
  const { session, planTree } = await planwright();
  await until(`${stepId} to wait for approval`, () => session.approvals.get(stepId), 30_000);
  planTree.rebuild();
  const element = planTree.stepElement(stepId);
  assert.ok(element, `no row for ${stepId}`);
  assert.equal(await vscode.commands.executeCommand(COMMANDS.approveStep, element), true);
}

/** The step rows as "id · tool target" (what each row's tooltip details), plus the label's revision mark, when any. */
async function stepDescriptions(): Promise<string[]> {
  const { session } = await planwright();
  const steps = session.runs.state?.plan.steps ?? [];
  return (await stepRows()).map((row) => {
    const revision = /^\d+ \(rev (\d+)\) /.exec(String(row.item.label))?.[1];
    const step = steps.find((each) => each.id === row.element.stepId);
    return `${row.element.stepId} · ${step ? `${step.tool} ${summarizeArgs(step)}` : '?'}${revision ? ` · rev ${revision}` : ''}`;
  });
}

describe('Planwright carries out a goal in fused and auto mode in VS Code', function () {
  this.timeout(120_000);
  let server: ScriptedModelServer;
  /** What the agent answers, turn by turn; the planner's plans, in order. */
  let agentTurns: ScriptedReply[] = [];
  let plans: unknown[] = [];

  before(async () => {
    server = await ScriptedModelServer.start((body) => {
      if (String(body?.messages?.[1]?.content ?? '').startsWith('Task: write a plan')) return { content: JSON.stringify(plans.shift()), usage: { prompt_tokens: 1_200, completion_tokens: 200 } };
      return agentTurns.shift() ?? { content: 'Done.', usage: { prompt_tokens: 900, completion_tokens: 10 } };
    });
    await setUserSetting('baseUrl', server.baseUrl);
    await setUserSetting('plannerModel', 'scripted-planner');
    await setUserSetting('workerModel', 'scripted-agent');
    await setUserSetting('autoApprove', 'readOnly');
  });

  after(async () => {
    for (const key of SETTINGS) await setUserSetting(key, undefined);
    for (const file of [FUSED_FILE, AUTO_FILE]) await Promise.resolve(vscode.workspace.fs.delete(workspaceUri(file))).catch(() => undefined);
    await server?.close();
  });

  it('fused: each action becomes a step in the tree as it happens; a write waits for approval, then the file is on disk', async () => {
    await setUserSetting('mode', 'fused');
    const { session } = await planwright();
    agentTurns = [
      { toolCalls: [call('readFile', { path: 'README.md' })], usage: null },
      { toolCalls: [call('writeFile', { path: FUSED_FILE, content: '# Notes\n\nWritten by the agent.\n' })], usage: null },
      { content: `Read the README and wrote ${FUSED_FILE}.`, usage: null },
    ];
    const running = Promise.resolve(vscode.commands.executeCommand<GoalResult | false>(COMMANDS.planTask, 'Write notes about the demo'));
    await until('F2 to wait for approval', () => session.approvals.get('F2'), 30_000);
    // The read ran without asking; the write is the second row, waiting, and nothing else is there yet.
    const [root] = await rows();
    assert.equal(root?.item.label, 'Write notes about the demo');
    assert.deepEqual(await stepDescriptions(), ['F1 · readFile README.md', `F2 · writeFile ${FUSED_FILE}`]);
    const steps = await stepRows();
    assert.equal((steps[0]?.item.iconPath as vscode.ThemeIcon).id, 'pass-filled');
    assert.match(String(steps[1]?.item.contextValue), /^step:awaitingApproval\b/);
    await assert.rejects(readText(FUSED_FILE), 'nothing is written before the approval');
    await approve('F2');
    const result = await running;
    assert.ok(result, 'Plan a Task… did not carry the goal out');
    assert.deepEqual([result.mode, result.status, result.turns], ['fused', 'succeeded', 3]);
    assert.equal(await readText(FUSED_FILE), '# Notes\n\nWritten by the agent.\n');
    assert.deepEqual(await stepDescriptions(), ['F1 · readFile README.md', `F2 · writeFile ${FUSED_FILE}`]);
    assert.equal(session.runs.executing, false);
    assert.equal(session.runs.state?.status, 'succeeded');
    // The run lives where planned runs do, and the second action was journalled as it was taken.
    const journalPath = session.runs.runFiles?.journalPath;
    assert.ok(journalPath);
    const journal = readFileSync(journalPath, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { type: string; step?: { id: string } });
    assert.deepEqual(journal.filter((record) => record.type === 'stepAdded').map((record) => record.step?.id), ['F2']);
    // The agent acted with the worker model; the planner was never asked.
    assert.ok(server.requests.every((request) => request.body.model === 'scripted-agent'));
  });

  it('auto: make_plan escalates, and the planned steps appear as the next revision after the fused step', async () => {
    await setUserSetting('mode', 'auto');
    const { session } = await planwright();
    const asked = server.requests.length;
    agentTurns = [
      { toolCalls: [call('readFile', { path: 'README.md' })], usage: null },
      { toolCalls: [call('make_plan', { reason: 'several files change' })], usage: null },
    ];
    plans = [
      {
        steps: [
          { id: 'E1', title: 'Write the auto notes', tool: 'writeFile', args: { path: AUTO_FILE, content: 'Planned.\n' }, postcondition: { kind: 'fileContains', path: AUTO_FILE, text: 'Planned.' } },
        ],
      },
    ];
    // A goal that asks to find something out: auto gives it to the agent, which then asks for a plan.
    const running = Promise.resolve(vscode.commands.executeCommand<GoalResult | false>(COMMANDS.planTask, 'Find out what the demo does'));
    await until('E1 to wait for approval', () => session.approvals.get('E1'), 30_000);
    // The agent's run is revision 1, as a planned one is; the planned steps are revision 2.
    assert.equal(session.runs.state?.revision, 2);
    assert.deepEqual(await stepDescriptions(), ['F1 · readFile README.md', `E1 · writeFile ${AUTO_FILE} · rev 2`]);
    await approve('E1');
    const result = await running;
    assert.ok(result, 'Plan a Task… did not carry the goal out');
    assert.deepEqual([result.mode, result.design?.design, result.status, result.escalation], ['auto', 'fused', 'succeeded', 'the agent asked for a plan: several files change']);
    assert.equal(result.report?.revision, 2);
    assert.equal(await readText(AUTO_FILE), 'Planned.\n');
    const [root] = await rows();
    assert.equal(root?.item.description, 'rev 2 · succeeded · unsaved');
    assert.deepEqual(
      server.requests.slice(asked).map((request) => request.body.model),
      ['scripted-agent', 'scripted-agent', 'scripted-planner'],
      'two agent turns and one plan; the run ends with Planwright\'s own summary, no model call',
    );
  });
});
