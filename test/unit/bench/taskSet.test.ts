// The generated task set: its size and variety, every plan through the real validation gate, faults at
// the intended rate, the fused script making the plan's calls in the plan's order, ground truth that fails
// on every untouched fixture, and — on one task of every family and on faulted tasks — ground truth that
// holds after the scripted plan (and, when faulted, the scripted re-plan) ran for real; a lapse leaves out a
// step the ground truth needs, so the plan without it succeeds step by step and still misses the goal.
import * as assert from 'node:assert/strict';
import type { CheckContext } from '../../../src/core/checks/checkContext';
import type { Check } from '../../../src/core/checks/checkSchema';
import { evaluateCheck } from '../../../src/core/checks/evaluateCheck';
import { PlanRun } from '../../../src/core/executor/planRun';
import { DEFAULT_RUN_OPTIONS } from '../../../src/core/run/runOptions';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { containsCheckKind } from '../../../src/core/plan/walkChecks';
import type { ChatModel } from '../../../src/core/ports';
import { DEFAULT_TOOL_LIMITS } from '../../../src/core/tools/defineTool';
import { nodeClock } from '../../../src/node/nodeClock';
import { NodeCommandRunner } from '../../../src/node/nodeCommandRunner';
import { NodeWorkspace } from '../../../src/node/nodeWorkspace';
import { scratchCopy } from '../../../bench/fixtureWorkspace';
import type { BenchTask } from '../../../bench/tasks/benchTask';
import { DEFAULT_TASK_SET, generateTasks } from '../../../bench/tasks/generateTasks';
import { fusedTurns, callBatches, firstAttemptSteps, replanSteps } from '../../../bench/tasks/scriptedBehaviour';
import { TASK_FAMILIES } from '../../../bench/tasks/taskFamilies';
import { MemoryRecordLog, RecordingLogger, ScriptedApprovalGate } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';
import { budgetMs } from '../../../scripts/testing/timeBudget';

const TASKS = generateTasks();

/** Whether every ground-truth check holds; stops at the first that fails. `skip` leaves checks out. */
async function groundTruthHolds(task: BenchTask, context: CheckContext, skip: (check: Check) => boolean = () => false): Promise<boolean> {
  for (const check of task.groundTruth) if (!skip(check) && !(await evaluateCheck(check, context)).ok) return false;
  return true;
}

function diskContext(root: string): CheckContext {
  return { workspace: new NodeWorkspace(root), commands: new NodeCommandRunner(root), limits: DEFAULT_TOOL_LIMITS, signal: new AbortController().signal };
}

const runsCommand = (check: Check): boolean => containsCheckKind(check, ['commandSucceeds']);

/** Runs the task's plan through the real executor, re-planning from the script when the fault hits. */
async function runScriptedPlan(task: BenchTask, root: string, steps: readonly BenchTask['plan']['steps'][number][] = task.plan.steps): Promise<string> {
  const verdict = validatePlan({ ...task.plan, steps: [...steps] });
  assert.ok(verdict.ok);
  const replies = [...task.workerReplies];
  const worker: ChatModel = {
    chat: async () => ({ content: replies.shift() ?? 'no reply', toolCalls: [], model: 'worker', usage: { promptTokens: 1, completionTokens: 1, cachedTokens: 0, estimated: true }, latencyMs: 0 }),
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
    replanner: { replan: async () => ({ patch: task.fault ? [{ op: 'replace' as const, id: task.fault.stepId, step: task.fault.fixed }] : [], usage: [] }) },
  });
  const report = await run.execute(new AbortController().signal);
  return `${report.status}${report.reason ? `: ${report.reason}` : ''}`;
}

describe('bench task set', () => {
  it('has 300 tasks from at least 12 families, unique ids, 1 to 12 steps, some with parallel branches', () => {
    assert.equal(TASKS.length, DEFAULT_TASK_SET.count);
    assert.ok(TASK_FAMILIES.length >= 12);
    assert.deepEqual(new Set(TASKS.map((task) => task.family)), new Set(TASK_FAMILIES.map((family) => family.name)));
    assert.equal(new Set(TASKS.map((task) => task.id)).size, TASKS.length);
    const sizes = TASKS.map((task) => task.plan.steps.length);
    assert.equal(Math.min(...sizes), 1);
    assert.ok(Math.max(...sizes) >= 8 && Math.max(...sizes) <= 12);
    assert.ok(TASKS.filter((task) => callBatches(task.plan.steps).some((batch) => batch.length > 1)).length > TASKS.length / 3);
  });

  it('is the same for the same seed and different for another', () => {
    assert.deepEqual(generateTasks({ ...DEFAULT_TASK_SET, count: 20 }), TASKS.slice(0, 20));
    assert.notDeepEqual(generateTasks({ ...DEFAULT_TASK_SET, count: 20, seed: 2 }), TASKS.slice(0, 20));
  });

  it('passes every plan, and every plan with its fault fixed, through the validation gate', () => {
    for (const task of TASKS) {
      const verdict = validatePlan(task.plan);
      assert.ok(verdict.ok, `${task.id}: ${verdict.ok ? '' : JSON.stringify(verdict.problems)}`);
      if (task.fault) assert.ok(validatePlan({ ...task.plan, steps: replanSteps(task, new Set()) }).ok, task.id);
    }
  });

  it('injects a fault into about 12% of the tasks, of both kinds', () => {
    const faulted = TASKS.filter((task) => task.fault);
    const rate = faulted.length / TASKS.length;
    assert.ok(rate > 0.08 && rate < 0.16, `fault rate ${rate}`);
    assert.deepEqual(new Set(faulted.map((task) => task.fault!.kind)), new Set(['toolFailure', 'failingCheck']));
    assert.equal(generateTasks({ ...DEFAULT_TASK_SET, faultRate: 0 }).filter((task) => task.fault).length, 0);
  });

  it('draws a lapse for about 12% of the tasks without a fault that have a step to leave out, never with a fault', () => {
    const lapsed = TASKS.filter((task) => task.lapse);
    assert.ok(lapsed.length >= 8, `${lapsed.length} lapses`);
    assert.ok(lapsed.every((task) => !task.fault && task.plan.steps.some((step) => step.id === task.lapse!.stepId)));
    assert.ok(new Set(lapsed.map((task) => task.family)).size >= 4);
    assert.equal(generateTasks({ ...DEFAULT_TASK_SET, lapseRate: 0 }).filter((task) => task.lapse).length, 0);
    assert.deepEqual(generateTasks({ ...DEFAULT_TASK_SET, lapseRate: 0 }).map((task) => task.plan), TASKS.map((task) => task.plan), 'a lapse changes no plan or fixture');
  });

  it('scripts the fused agent to make the plan\'s calls in the plan\'s order, plus one recovery call per fault, and after a lapse answers, then makes the call it left out and answers again', () => {
    for (const task of TASKS) {
      const turns = fusedTurns(task);
      const calls = turns.flatMap((turn) => (turn.kind === 'calls' ? turn.calls.map((call) => call.name) : []));
      if (task.lapse) {
        const left = task.plan.steps.find((step) => step.id === task.lapse!.stepId)!;
        assert.deepEqual(calls, [...firstAttemptSteps(task).map((step) => step.tool), left.tool], task.id);
        assert.deepEqual(turns.slice(-3).map((turn) => turn.kind), ['final', 'calls', 'final'], task.id);
        continue;
      }
      const expected = task.plan.steps.map((step) => step.tool);
      if (task.fault) {
        const at = task.plan.steps.findIndex((step) => step.id === task.fault!.stepId);
        const batchEnd = callBatches(task.plan.steps).reduce((end, batch) => (end > at ? end : end + batch.length), 0);
        expected.splice(batchEnd, 0, task.fault.fixed.tool);
      }
      assert.deepEqual(calls, expected, task.id);
      assert.equal(turns[turns.length - 1]!.kind, 'final');
    }
  });

  it('has ground truth that fails on every untouched fixture (file checks in memory, commands for real)', async function () {
    this.timeout(budgetMs(30_000));
    const memory = (task: BenchTask): CheckContext => ({ workspace: new MemoryWorkspace(task.files), commands: new ScriptedCommandRunner(() => ({})), limits: DEFAULT_TOOL_LIMITS, signal: new AbortController().signal });
    const undecided: BenchTask[] = [];
    for (const task of TASKS) if (await groundTruthHolds(task, memory(task), runsCommand)) undecided.push(task);
    const holding: string[] = [];
    const queue = [...undecided];
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let task = queue.shift(); task; task = queue.shift()) {
        const scratch = await scratchCopy(task.files, 'untouched');
        if (await groundTruthHolds(task, diskContext(scratch.root))) holding.push(task.id);
        await scratch.remove();
      }
    }));
    assert.deepEqual(holding, []);
  });

  for (const task of TASKS.filter((candidate) => candidate.lapse).slice(0, 4)) {
    it(`${task.id} (lapse): the plan without ${task.lapse!.stepId} succeeds step by step, and the ground truth still fails`, async function () {
      this.timeout(budgetMs(30_000));
      const scratch = await scratchCopy(task.files, 'lapse');
      try {
        assert.equal(await runScriptedPlan(task, scratch.root, firstAttemptSteps(task)), 'succeeded');
        assert.equal(await groundTruthHolds(task, diskContext(scratch.root)), false, 'the ground truth holds without the step left out');
      } finally {
        await scratch.remove();
      }
    });
  }

  const firstOfEachFamily = TASKS.slice(0, TASK_FAMILIES.length);
  const sample = [...firstOfEachFamily, ...TASKS.slice(TASK_FAMILIES.length).filter((task) => task.fault).slice(0, 4)];
  for (const task of sample) {
    it(`${task.id}${task.fault ? ` (${task.fault.kind})` : ''}: ground truth fails untouched and holds after the scripted plan`, async function () {
      this.timeout(budgetMs(30_000));
      const scratch = await scratchCopy(task.files, 'test');
      try {
        assert.equal(await groundTruthHolds(task, diskContext(scratch.root)), false, 'the ground truth already holds on the untouched fixture');
        assert.equal(await runScriptedPlan(task, scratch.root), 'succeeded');
        assert.equal(await groundTruthHolds(task, diskContext(scratch.root)), true, 'the ground truth does not hold after the plan ran');
      } finally {
        await scratch.remove();
      }
    });
  }
});
