// The v2 task set: its size, families and step counts, fixtures of 200+ files of 2–50 KB with nothing
// open, determinism per seed, every plan / follow-up / agent script through the validation gate, faults
// at about v1's rate on steps both arms issue alike, ground truth that fails untouched and holds once
// either arm's edits are applied (in memory for every task), and — on one task of each family, run for
// real — the split arm's re-planner finding every file it edits in the evidence the executor gives it,
// and the fused agent finding every file it reads in its own search. Renames the goal names are exact
// replaceAll edits in both arms. v1's 300 tasks are unchanged.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { CheckContext } from '../../../src/core/checks/checkContext';
import type { Check } from '../../../src/core/checks/checkSchema';
import { evaluateCheck } from '../../../src/core/checks/evaluateCheck';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { ReplanRequest } from '../../../src/core/run/modelRoles';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import type { Step } from '../../../src/core/plan/planSchema';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { containsCheckKind } from '../../../src/core/plan/walkChecks';
import type { ChatModel } from '../../../src/core/ports';
import { applyEdits, type TextEdit } from '../../../src/core/tools/applyEdits';
import { DEFAULT_TOOL_LIMITS } from '../../../src/core/tools/defineTool';
import { buildProposeEditMessages } from '../../../src/core/tools/proposeEditPrompt';
import { searchTextTool } from '../../../src/core/tools/searchText';
import { nodeClock } from '../../../src/node/nodeClock';
import { NodeCommandRunner } from '../../../src/node/nodeCommandRunner';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { scratchCopy } from '../../../bench/fixtureWorkspace';
import { taskSteps, type BenchTask } from '../../../bench/tasks/benchTask';
import { DEFAULT_TASK_SET, generateTasks } from '../../../bench/tasks/generateTasks';
import { renameEdits } from '../../../bench/tasks/stepBuilders';
import { callBatches, fusedTurns, replanReply, replanSteps } from '../../../bench/tasks/scriptedBehaviour';
import { checkPatchReply } from '../../../src/core/replanner/modelReplanner';
import { DEFAULT_V2_TASK_SET, generateTasksV2, V2_FAMILIES } from '../../../bench/tasks/v2/generateTasksV2';
import { proposedEditsReply } from '../../../bench/tasks/v2/v2Script';
import { MemoryRecordLog, RecordingLogger, ScriptedApprovalGate } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';
import { budgetMs } from '../../../scripts/testing/timeBudget';

const TASKS = generateTasksV2();

/** sha256 of the JSON of v1's 300 tasks as generated before v2 existed. */
const V1_TASKS_SHA256 = 'a8c8da442d9424adaa9fb13a351b920c410ff65a1bc1144807bdfd4c69598cce';

const followUpOf = (task: BenchTask): Step[] => task.followUp ?? [];
const agentOf = (task: BenchTask): Step[] => task.agentSteps ?? [];
const runsCommand = (check: Check): boolean => containsCheckKind(check, ['commandSucceeds']);

function memoryContext(workspace: MemoryWorkspace): CheckContext {
  return { workspace, commands: new ScriptedCommandRunner(() => ({})), limits: DEFAULT_TOOL_LIMITS, signal: new AbortController().signal };
}

function diskContext(root: string): CheckContext {
  return { workspace: new NodeWorkspace(root), commands: new NodeCommandRunner(root), limits: DEFAULT_TOOL_LIMITS, signal: new AbortController().signal };
}

async function holds(checks: readonly Check[], context: CheckContext): Promise<boolean> {
  for (const check of checks) if (!(await evaluateCheck(check, context)).ok) return false;
  return true;
}

/**
 * Applies the file effects of `steps` in memory as a run has them: proposeEdit by the worker's scripted
 * edits, editFile, deleteFile; the faulty step's effect stays when only its check failed, then its fix.
 */
function applySteps(task: BenchTask, steps: readonly Step[]): MemoryWorkspace {
  const workspace = new MemoryWorkspace(task.files);
  const fault = task.fault;
  const run = steps.flatMap((step) => (fault?.stepId !== step.id ? [step] : fault.kind === 'failingCheck' ? [step, fault.fixed] : [fault.fixed]));
  for (const step of run) {
    const path = String(step.args.path);
    const edits = step.tool === 'proposeEdit' ? (JSON.parse(task.workerEdits![path]!) as { edits: TextEdit[] }).edits : step.tool === 'editFile' ? (step.args.edits as TextEdit[]) : undefined;
    if (edits) {
      const result = applyEdits(workspace.files.get(path)!, edits);
      assert.ok(result.ok, `${task.id} ${step.id}: ${result.ok ? '' : result.problem}`);
      workspace.files.set(path, result.content);
    }
    if (step.tool === 'deleteFile') workspace.files.delete(path);
  }
  return workspace;
}

/** The follow-up with the faulty step replaced by its fix, as the second re-plan writes it. */
const fixedFollowUp = (task: BenchTask): Step[] => followUpOf(task).map((step) => (task.fault?.stepId === step.id ? task.fault.fixed : step));

/** Runs the plan for real; the re-planner answers from the script and hands its requests to `seen`. */
async function runScripted(task: BenchTask, root: string, seen: ReplanRequest[]): Promise<string> {
  const verdict = validatePlan(task.plan);
  assert.ok(verdict.ok);
  const worker: ChatModel = {
    chat: async (request) => ({ content: proposedEditsReply(task, request.messages) ?? 'no reply', toolCalls: [], model: 'worker', usage: { promptTokens: 1, completionTokens: 1, cachedTokens: 0, estimated: true }, latencyMs: 0 }),
  };
  const run = await PlanRun.start(verdict.plan, { runId: task.id, options: { ...DEFAULT_RUN_OPTIONS, approval: { autoApprove: 'all', approvedCommands: [] } } }, {
    workspace: new NodeWorkspace(root),
    commands: new NodeCommandRunner(root),
    clock: nodeClock,
    journal: new MemoryRecordLog(),
    trace: new MemoryRecordLog(),
    logger: new RecordingLogger(),
    approvals: new ScriptedApprovalGate(),
    workerModel: worker,
    replanner: {
      replan: async (request, _signal, check) => {
        seen.push(request);
        const verdict = checkPatchReply(replanReply(task, request.broken.step.id), check);
        assert.ok(verdict.ok, verdict.ok ? '' : verdict.problems.join('\n'));
        return { patch: verdict.value, usage: [] };
      },
    },
  });
  const report = await run.execute(new AbortController().signal);
  return `${report.status}${report.reason ? `: ${report.reason}` : ''}`;
}

describe('bench task set v2', () => {
  it('has 60 to 100 tasks from 6 families, unique ids, 10 to 40 steps each, a migration over 20 or more files', () => {
    assert.ok(TASKS.length >= 60 && TASKS.length <= 100);
    assert.ok(V2_FAMILIES.length >= 6);
    assert.deepEqual(new Set(TASKS.map((task) => task.family)), new Set(V2_FAMILIES.map((family) => family.name)));
    assert.equal(new Set(TASKS.map((task) => task.id)).size, TASKS.length);
    const sizes = TASKS.map((task) => task.plan.steps.length + followUpOf(task).length);
    assert.deepEqual(TASKS.map(taskSteps), sizes, 'the step-count bands group a task by its plan and its follow-up');
    assert.ok(Math.min(...sizes) >= 10 && Math.max(...sizes) <= 40, `${Math.min(...sizes)}–${Math.max(...sizes)} steps`);
    assert.ok(Math.max(...sizes) >= 30);
    for (const task of TASKS.filter((t) => t.family === 'migrateApi')) {
      assert.ok(new Set(followUpOf(task).filter((step) => step.tool !== 'runCommand').map((step) => step.args.path)).size >= 20, task.id);
    }
  });

  it('gives every task a fixture of 200+ files, source files of 2 to 50 KB, and no open file', () => {
    for (const task of TASKS) {
      assert.ok(Object.keys(task.files).length >= 200, task.id);
      for (const [path, content] of Object.entries(task.files)) {
        if (!path.startsWith('src/')) continue;
        const size = Buffer.byteLength(content);
        assert.ok(size >= 2_000 && size <= 50_000, `${task.id} ${path}: ${size} bytes`);
      }
      assert.deepEqual(task.openFiles, []);
    }
  });

  it('is the same for the same seed and different for another', () => {
    assert.deepEqual(generateTasksV2(DEFAULT_V2_TASK_SET.seed, 8), TASKS.slice(0, 8));
    assert.notDeepEqual(generateTasksV2(2, 8), TASKS.slice(0, 8));
  });

  it('leaves v1\'s 300 tasks (fixtures, plans, faults) byte for byte as they were; lapses come on top', () => {
    assert.equal(createHash('sha256').update(JSON.stringify(generateTasks({ ...DEFAULT_TASK_SET, lapseRate: 0 }))).digest('hex'), V1_TASKS_SHA256);
  });

  it('passes every plan, follow-up (fault fixed or not) and agent script through the validation gate', () => {
    for (const task of TASKS) {
      for (const steps of [task.plan.steps, followUpOf(task), fixedFollowUp(task), agentOf(task)]) {
        const verdict = validatePlan({ ...task.plan, steps });
        assert.ok(verdict.ok, `${task.id}: ${verdict.ok ? '' : JSON.stringify(verdict.problems.slice(0, 3))}`);
      }
    }
  });

  it('injects a fault into about 12% of the tasks, on a step both arms issue with the same call', () => {
    const faulted = TASKS.filter((task) => task.fault);
    const rate = faulted.length / TASKS.length;
    assert.ok(rate > 0.05 && rate < 0.2, `fault rate ${rate}`);
    for (const task of faulted) {
      const split = followUpOf(task).find((step) => step.id === task.fault!.stepId)!;
      const agent = agentOf(task).find((step) => step.id === task.fault!.stepId)!;
      assert.deepEqual([agent.tool, agent.args], [split.tool, split.args], task.id);
    }
    assert.equal(generateTasksV2(DEFAULT_V2_TASK_SET.seed, 12, 0).filter((task) => task.fault).length, 0);
  });

  it('writes a rename the goal names as one exact replaceAll edit a file, the same call in both arms, with no worker call', () => {
    for (const task of TASKS.filter((candidate) => ['renameHelper', 'renameConfigKey'].includes(candidate.family))) {
      const steps = followUpOf(task).filter((step) => step.id !== task.fault?.stepId);
      assert.ok(!steps.some((step) => step.tool === 'proposeEdit'), task.id);
      const renames = steps.filter((step) => step.tool === 'editFile' && step.args.path !== 'config.json');
      assert.ok(renames.length >= 8, task.id);
      for (const step of renames) {
        assert.deepEqual((step.args.edits as TextEdit[]).map((edit) => edit.replaceAll), [true], `${task.id} ${step.id}`);
        assert.deepEqual(task.agentSteps!.find((agent) => agent.id === step.id)?.args, step.args, `${task.id} ${step.id}`);
      }
    }
    assert.throws(() => renameEdits('toCents(a) + toCentsFloor(b)', 'toCents', 'centsOf'), /longer name/);
  });

  it('scripts the fused agent to search first, read each file before it edits it, and recover once per fault', () => {
    for (const task of TASKS) {
      const turns = fusedTurns(task);
      const calls = turns.flatMap((turn) => (turn.kind === 'calls' ? turn.calls : []));
      assert.equal(calls[0]!.name, 'searchText', task.id);
      const read = new Set<string>();
      for (const call of calls) {
        if (call.name === 'readFile') read.add(String(call.args.path));
        if (call.name === 'editFile') assert.ok(read.has(String(call.args.path)), `${task.id}: edits ${String(call.args.path)} unread`);
      }
      assert.equal(calls.length, agentOf(task).length + (task.fault ? 1 : 0), task.id);
      assert.ok(callBatches(agentOf(task)).length <= 6, task.id);
      assert.equal(turns[turns.length - 1]!.kind, 'final');
    }
  });

  it('answers the discovery failure with the follow-up, and a later failure with what is left, fixed', () => {
    const task = TASKS.find((t) => t.fault)!;
    assert.deepEqual(replanSteps(task, new Set(), 'E1'), followUpOf(task));
    const done = new Set(followUpOf(task).filter((step) => step.id !== task.fault!.stepId).slice(0, 2).map((step) => step.id));
    const again = replanSteps(task, done, task.fault!.stepId);
    assert.ok(again.every((step) => !done.has(step.id)));
    assert.deepEqual(again.find((step) => step.id === task.fault!.stepId), task.fault!.fixed);
    const edit = followUpOf(TASKS[0]!).find((step) => step.tool === 'proposeEdit')!;
    const path = String(edit.args.path);
    assert.equal(proposedEditsReply(TASKS[0]!, buildProposeEditMessages(path, TASKS[0]!.files[path]!, String(edit.args.instruction))), TASKS[0]!.workerEdits![path]);
  });

  it('has ground truth that fails on every untouched fixture and holds after either arm\'s edits (file checks, in memory)', async () => {
    for (const task of TASKS) {
      const fileTruth = task.groundTruth.filter((check) => !runsCommand(check));
      assert.equal(await holds(fileTruth, memoryContext(new MemoryWorkspace(task.files))), false, `${task.id}: holds untouched`);
      const split = applySteps(task, followUpOf(task));
      assert.equal(await holds(fileTruth, memoryContext(split)), true, `${task.id}: not reached by the follow-up`);
      for (const step of fixedFollowUp(task).filter((s) => s.postcondition && !runsCommand(s.postcondition) && !containsCheckKind(s.postcondition, ['exitCode', 'outputContains']))) {
        assert.ok((await evaluateCheck(step.postcondition!, memoryContext(split))).ok, `${task.id} ${step.id}: postcondition`);
      }
      const fused = applySteps(task, agentOf(task));
      assert.deepEqual([...fused.files].sort(), [...split.files].sort(), `${task.id}: the arms end in different workspaces`);
    }
  });

  const sample = V2_FAMILIES.map((family) => TASKS.find((task) => task.family === family.name && task.fault) ?? TASKS.find((task) => task.family === family.name)!);
  for (const task of sample) {
    it(`${task.id}${task.fault ? ` (${task.fault.kind})` : ''}: both arms find what they edit; the plan and re-plans reach the ground truth`, async function () {
      this.timeout(budgetMs(120_000));
      const scratch = await scratchCopy(task.files, 'v2test');
      try {
        const search = agentOf(task)[0]!;
        const found = await searchTextTool.execute(searchTextTool.input.parse(search.args), { workspace: new NodeWorkspace(scratch.root), commands: new NodeCommandRunner(scratch.root), limits: DEFAULT_TOOL_LIMITS, signal: new AbortController().signal, runId: 'r', stepId: 'S1', flags: {} });
        assert.ok(found.text.length < 8_000, 'the agent sees its whole search result');
        for (const step of agentOf(task).filter((s) => s.tool === 'readFile')) assert.ok(found.text.includes(`${String(step.args.path)}:`), `${String(step.args.path)} is not in the agent's search`);

        assert.equal(await holds(task.groundTruth, diskContext(scratch.root)), false, 'the ground truth already holds on the untouched fixture');
        const requests: ReplanRequest[] = [];
        assert.equal(await runScripted(task, scratch.root, requests), 'succeeded');
        const evidence = requests[0]!.broken.failure?.outputTail ?? '';
        const touched = new Set(fixedFollowUp(task).filter((step) => step.tool !== 'runCommand').map((step) => String(step.args.path)));
        for (const path of touched) assert.ok(evidence.split('\n').includes(path), `${path} is not in the re-planner's evidence`);
        assert.equal(requests.length, task.fault ? 2 : 1);
        assert.equal(await holds(task.groundTruth, diskContext(scratch.root)), true, 'the ground truth does not hold after the plan ran');
      } finally {
        await scratch.remove();
      }
    });
  }
});
