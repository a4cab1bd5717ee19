// Whole runs with every model call going through the real `openai` client to the scripted server:
// plan, execute on a real folder with real processes, fail, re-plan in place, finish and summarise.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { PlanRun } from '../../../src/core/executor/planRun';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { planTask } from '../../../src/core/planner/planTask';
import { summarizeWorkspace } from '../../../src/core/planner/workspaceSummary';
import { ModelReplanner } from '../../../src/core/replanner/modelReplanner';
import { ModelSolver } from '../../../src/core/solver/modelSolver';
import { buildSolverPrompt } from '../../../src/core/solver/solverPrompt';
import { NodeCommandRunner } from '../../../src/node/nodeCommandRunner';
import { nodeClock } from '../../../src/node/nodeClock';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { OpenAiChatModel } from '../../../src/node/openAiChatModel';
import { MemoryRecordLog, RecordingLogger, ScriptedApprovalGate } from '../support/executorFakes';
import { makeTempDir, removeTempDir } from '../support/tempDir';
import { ScriptedModelServer, type TextReply } from '../../support/scriptedModelServer';

const GOAL = 'Accept --verbose and -v in the CLI';
const CHECK = 'node check.js';

const PLAN = {
  version: 1,
  goal: GOAL,
  steps: [
    { id: 'E1', title: 'Read the CLI', tool: 'readFile', args: { path: 'src/cli.js' } },
    {
      id: 'E2',
      title: 'Add --verbose',
      tool: 'editFile',
      args: { path: 'src/cli.js', edits: [{ find: "['--lines'", replace: "['--lines', '--verbose'" }] },
      dependsOn: ['E1'],
      postcondition: { kind: 'commandSucceeds', command: CHECK },
    },
    { id: 'E3', title: 'Run the check', tool: 'runCommand', args: { command: CHECK }, dependsOn: ['E2'], postcondition: { kind: 'exitCode', equals: 0 } },
  ],
};

/** The re-planner's patch: E2 goes, E4 adds -v after E1, and the check run waits for E4. */
const PATCH = [
  'drop E2',
  `add E4 after E1 editFile {"path":"src/cli.js","edits":[{"find":"'--verbose'","replace":"'--verbose', '-v'"}]} check contains src/cli.js "'-v'" # Add -v next to --verbose`,
  `replace E3 runCommand {"command":"${CHECK}"} after E4 # Run the check`,
].join('\n');

/** Which part of the product sent a request, from the text it starts its task with. */
function phaseOf(body: any): 'plan' | 'replan' | 'solve' {
  const task = String(body.messages[1]?.content ?? '');
  if (task.startsWith('Task: write a plan')) return 'plan';
  if (task.startsWith('Task: a step of a running plan broke')) return 'replan';
  return 'solve';
}

describe('a planned run that re-plans through the real client', () => {
  let server: ScriptedModelServer | undefined;
  let root: string;

  beforeEach(async () => {
    root = await makeTempDir();
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'src/cli.js'), "const FLAGS = ['--lines'];\nmodule.exports = { FLAGS };\n");
    await writeFile(path.join(root, 'check.js'), "const { FLAGS } = require('./src/cli.js');\nprocess.exit(FLAGS.includes('--verbose') && FLAGS.includes('-v') ? 0 : 1);\n");
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
    await removeTempDir(root);
  });

  /** A phase's replies in turn (the last one repeats), or its one reply. */
  async function run(replies: Record<'plan' | 'replan' | 'solve', TextReply | readonly TextReply[]>, summary: 'plain' | 'model' = 'plain') {
    const asked = { plan: 0, replan: 0, solve: 0 };
    server = await ScriptedModelServer.start((body) => {
      const phase = phaseOf(body);
      const answers = replies[phase];
      if (!Array.isArray(answers)) return answers as TextReply;
      return answers[Math.min(asked[phase]++, answers.length - 1)]!;
    });
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, plannerModel: 'planner-model', workerModel: 'worker-model', backoffMs: () => 0 });
    const workspace = new NodeWorkspace(root);
    const planned = await planTask(GOAL, await summarizeWorkspace(workspace), model);
    const trace = new MemoryRecordLog();
    const deps = {
      workspace,
      commands: new NodeCommandRunner(root, { killGraceMs: 200 }),
      clock: nodeClock,
      journal: new MemoryRecordLog(),
      trace,
      logger: new RecordingLogger(),
      approvals: new ScriptedApprovalGate(),
      workerModel: model,
      replanner: new ModelReplanner(model),
      solver: new ModelSolver(model),
    };
    const options = { ...DEFAULT_RUN_OPTIONS, approval: { autoApprove: 'all' as const, approvedCommands: [] }, summary };
    const planRun = await PlanRun.start(planned.plan, { runId: 'run-1', options, planUsage: planned.usage }, deps);
    const report = await planRun.execute(new AbortController().signal);
    return { server, report, planRun, trace };
  }

  it('re-plans after step 2\'s postcondition fails: E1 is handed over as done and not re-run, the revised steps run, revision 2', async () => {
    const { server, report, planRun, trace } = await run({
      plan: { content: JSON.stringify(PLAN), usage: { prompt_tokens: 2400, completion_tokens: 300, cached_tokens: 0 } },
      replan: { content: PATCH, usage: { prompt_tokens: 2500, completion_tokens: 200, cached_tokens: 1920 } },
      solve: { content: 'Added --verbose and -v to src/cli.js; node check.js passes.', usage: { prompt_tokens: 400, completion_tokens: 30 } },
    }, 'model');

    assert.equal(report.status, 'succeeded', report.reason);
    assert.equal(report.revision, 2);
    assert.equal(report.replans, 1);
    const steps = Object.fromEntries(report.steps.map((step) => [step.id, step]));
    assert.deepEqual(Object.keys(steps), ['E1', 'E4', 'E3']);
    assert.deepEqual({ status: steps.E1!.status, attempts: steps.E1!.attempts, revision: steps.E1!.revision }, { status: 'succeeded', attempts: 1, revision: 1 });
    assert.deepEqual({ status: steps.E4!.status, revision: steps.E4!.revision }, { status: 'succeeded', revision: 2 });
    assert.deepEqual({ status: steps.E3!.status, revision: steps.E3!.revision }, { status: 'succeeded', revision: 2 });
    // E2 is gone and E3 changed (it now waits for E4): both old versions stay visible as replaced.
    assert.deepEqual(report.replaced.map((step) => [step.id, step.status]).sort(), [['E2', 'failed'], ['E3', 'invalidated']]);
    const intents = (trace.records as { type: string; stepId?: string }[]).filter((event) => event.type === 'intent' && event.stepId === 'E1');
    assert.equal(intents.length, 1, 'E1 ran once');
    assert.equal(await readFile(path.join(root, 'src/cli.js'), 'utf8'), "const FLAGS = ['--lines', '--verbose', '-v'];\nmodule.exports = { FLAGS };\n");

    const replan = server.requests.find((request) => phaseOf(request.body) === 'replan')!.body;
    assert.equal(replan.model, 'planner-model');
    const task = String(replan.messages[1].content);
    assert.match(task, /\nFrozen: E1 readFile src\/cli\.js\n/);
    assert.match(task, /Broken:\nE2 editFile /);
    assert.match(task, /failed after 1 attempt\(s\): postcondition failed: .*node check\.js/);
    assert.match(task, /Invalidated .*\nE3 runCommand \{"command":"node check\.js"\} after E2/);
    assert.equal(replan.messages[0].content, server.requests[0]!.body.messages[0].content, 'same prefix as planning');

    assert.equal(report.summary, 'Added --verbose and -v to src/cli.js; node check.js passes.');
    assert.deepEqual([report.usage.plan.calls, report.usage.replan.calls, report.usage.solve.calls, report.usage.execute.calls], [1, 1, 1, 0]);
    assert.equal(report.usage.replan.cachedTokens, 1920);
    assert.equal(report.usage.total.promptTokens, 2400 + 2500 + 400);
    const solve = server.requests.find((request) => phaseOf(request.body) === 'solve')!.body;
    assert.equal(solve.model, 'worker-model');
    assert.deepEqual(solve.messages, buildSolverPrompt({ ...planRun.current, summary: undefined }).map((message) => ({ role: message.role, content: message.content })));
  });

  it("gives a re-planner's patch nested deeper than the limit its repair turn, naming the step and field, and the run finishes", async () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const { server, report } = await run({
      plan: { content: JSON.stringify(PLAN) },
      replan: [{ content: `drop E2\nadd E4 after E1 readFile {"path":"src/cli.js","x":${deep}}` }, { content: PATCH }],
      solve: { content: 'unused' },
    });
    assert.equal(report.status, 'succeeded', report.reason);
    assert.equal(report.usage.replan.calls, 2);
    assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}`), ['E1:succeeded', 'E4:succeeded', 'E3:succeeded']);
    const replans = server.requests.filter((request) => phaseOf(request.body) === 'replan');
    const repair = String(replans[1]!.body.messages.at(-1).content);
    assert.match(repair, /^The patch you returned did not pass validation/);
    assert.match(repair, /line 2 \(E4\): column \d+: the arguments of readFile at args\.x: nests deeper than 64 levels/);
  });

  it('hands an unknown step to the re-planner: a command that timed out may or may not have done its work', async () => {
    const slow = { id: 'E1', title: 'Publish', tool: 'runCommand', args: { command: 'node -e "setTimeout(() => {}, 20000)"', timeoutMs: 300 }, postcondition: { kind: 'exitCode', equals: 0 } };
    const { server, report } = await run({
      plan: { content: JSON.stringify({ version: 1, goal: GOAL, steps: [slow, { id: 'E2', title: 'Read the CLI', tool: 'readFile', args: { path: 'src/cli.js' }, dependsOn: ['E1'] }] }) },
      replan: { content: 'drop E1\ndrop E2\nadd E3 readFile {"path":"check.js"} # Look before acting again' },
      solve: { content: 'Checked the state instead of publishing twice.' },
    });
    assert.equal(report.status, 'succeeded', report.reason);
    assert.equal(report.revision, 2);
    assert.deepEqual(report.replaced.map((step) => [step.id, step.status]), [['E1', 'unknown'], ['E2', 'invalidated']]);
    const task = String(server.requests.find((request) => phaseOf(request.body) === 'replan')!.body.messages[1].content);
    assert.match(task, /unknown after 1 attempt\(s\): runCommand .*timed out/);
    assert.match(task, /could not be observed/);
    assert.match(task, /Invalidated .*\nE2 readFile \{"path":"src\/cli\.js"\} after E1/);
  });
});
