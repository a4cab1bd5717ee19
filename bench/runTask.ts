// One task in one arm (mode), for real: a scratch copy of the fixture, the Node workspace and command runner,
// journal and trace as fsync'd JSON-lines files, every model call through the recording wrapper, the
// goal carried out by runGoal with the ground truth as its acceptance checks, then the ground truth judged on the
// workspace. The scratch folder is
// removed afterwards.
import * as path from 'node:path';
import { evaluateCheck } from '../src/core/checks/evaluateCheck';
import { JournalRecordSchema, type JournalRecord } from '../src/core/run/journalRecords';
import { DEFAULT_RUN_OPTIONS, type RunOptions } from '../src/core/run/runOptions';
import { runGoal, type GoalResult } from '../src/core/fused/runGoal';
import { summarizeWorkspace } from '../src/core/planner/workspaceSummary';
import type { ChatModel, Clock, Logger } from '../src/core/ports';
import { ModelRepairer } from '../src/core/replanner/modelRepairer';
import { ModelReplanner } from '../src/core/replanner/modelReplanner';
import { ModelSolver } from '../src/core/solver/modelSolver';
import { messageOf } from '../src/core/text/errorText';
import { DEFAULT_TOOL_LIMITS } from '../src/core/tools/defineTool';
import { JsonlRecordLog } from '../src/node/jsonlRecordLog';
import { nodeClock } from '../src/node/nodeClock';
import { NodeCommandRunner } from '../src/node/nodeCommandRunner';
import { NodeWorkspace } from '../src/node/nodeWorkspace';
import type { BenchArm } from './benchArms';
import { taskSteps } from './tasks/benchTask';
import { scratchCopy } from './fixtureWorkspace';
import { recordingModel, type RecordedCall } from './recordingModel';
import type { RunRecord } from './runRecord';
import type { ScriptedEndpoint, ScriptSession } from './scriptedEndpoint';
import { streamedSteps } from './streamedSteps';
import type { SetTask } from './taskSets';
import { prefixMarks, wireRequestOf } from './wireBilling';

/** Sub-millisecond time for spans; sleeping as the Node clock does. */
export const BENCH_CLOCK: Clock = { now: () => performance.timeOrigin + performance.now(), sleep: nodeClock.sleep };

/** Every step runs without asking: the benchmark measures the modes, not how fast a user clicks. */
export const BENCH_RUN_OPTIONS: RunOptions = { ...DEFAULT_RUN_OPTIONS, approval: { autoApprove: 'all', approvedCommands: [] } };

/**
 * Turns the fused loop may take: v2's one-call-per-turn agent needs up to 63, more than the product's
 * default of 40, and the benchmark measures the designs, not that cap.
 */
const BENCH_MAX_TURNS = 100;

const QUIET: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Where a run's model calls go: a ChatModel per run, and the scripted endpoint to tell about it. */
export interface ModelSource {
  model(key: string): ChatModel;
  readonly scripted?: ScriptedEndpoint;
}

/** Runs the task in the arm's mode and returns its record. */
export async function runTask({ set, task }: SetTask, arm: BenchArm, source: ModelSource): Promise<RunRecord> {
  const { mode } = arm;
  const key = `${set}/${task.id}/${arm.name}`;
  const scratch = await scratchCopy(task.files, `${task.index}-${arm.name}`);
  const session: ScriptSession = { key, task, mode, parallelCalls: arm.parallelCalls };
  source.scripted?.open(session);
  const journal = new JsonlRecordLog(path.join(scratch.dir, 'journal.jsonl'));
  const trace = new JsonlRecordLog(path.join(scratch.dir, 'trace.jsonl'));
  try {
    const calls: RecordedCall[] = [];
    const model = recordingModel(source.model(key), BENCH_CLOCK, calls);
    const workspace = new NodeWorkspace(scratch.root);
    const commands = new NodeCommandRunner(scratch.root);
    const summary = await summarizeWorkspace(workspace, { openFiles: task.openFiles });
    const deps = {
      workspace,
      commands,
      clock: BENCH_CLOCK,
      journal,
      trace,
      logger: QUIET,
      approvals: { request: async () => 'approved' as const },
      workerModel: model,
      replanner: new ModelReplanner(model),
      repairer: new ModelRepairer(model),
      solver: new ModelSolver(model),
      plannerModel: model,
      agentModel: model,
      onChange: (state: NonNullable<ScriptSession['state']>) => {
        session.state = state;
      },
    };
    const runStart = BENCH_CLOCK.now();
    let result: GoalResult | undefined;
    let error: string | undefined;
    try {
      // The ground truth is the goal's acceptance checks in every arm: the fused agent's answer counts only once
      // they hold, and the split planner writes them as its `done` lines, as the planner's rules ask.
      result = await runGoal({ runId: key, goal: task.goal, summary, mode, options: BENCH_RUN_OPTIONS, maxTurns: BENCH_MAX_TURNS, acceptance: task.groundTruth }, deps, new AbortController().signal);
    } catch (failure) {
      error = messageOf(failure);
    }
    const runEnd = BENCH_CLOCK.now();
    const checkContext = { workspace, commands, limits: DEFAULT_TOOL_LIMITS, signal: new AbortController().signal };
    let completed = true;
    for (const check of task.groundTruth) if (!(await evaluateCheck(check, checkContext)).ok) completed = false;
    const records = (await journal.readAll()).map((record) => JournalRecordSchema.parse(record));
    const started = [...calls].sort((a, b) => a.start - b.start);
    return {
      set,
      taskId: task.id,
      family: task.family,
      arm: arm.name,
      mode,
      faulted: task.fault !== undefined,
      lapsed: task.lapse !== undefined,
      unmetAtEnd: records.filter((record) => record.type === 'acceptance' && record.phase === 'after' && record.results.some((result) => !result.ok)).length,
      planSteps: taskSteps(task),
      status: result?.status ?? 'error',
      completed,
      escalated: result?.escalation !== undefined,
      ...(result?.design ? { design: result.design.design } : {}),
      replans: result?.report?.replans ?? 0,
      recoveries: mode === 'split' ? 0 : recoveries(records),
      stepsRun: records.filter((record) => record.type === 'step' && record.event === 'start').length,
      calls: started.map((call) => ({
        role: call.request.role,
        model: call.model,
        promptTokens: call.usage.promptTokens,
        completionTokens: call.usage.completionTokens,
        reportedCachedTokens: call.usage.cachedTokens,
        estimated: call.usage.estimated,
        prefix: prefixMarks(wireRequestOf(call.request)),
        start: call.start,
        end: call.end,
      })),
      steps: stepSpans(records),
      streamedSteps: streamedSteps(await trace.readAll(), started),
      runStart,
      runEnd,
      ...(error ? { error } : {}),
    };
  } finally {
    source.scripted?.close(key);
    await journal.close();
    await trace.close();
    await scratch.remove();
  }
}

/** Each started step's span, from its start record to the record that ended it. */
function stepSpans(records: readonly JournalRecord[]): { id: string; start: number; end: number }[] {
  const open = new Map<string, number>();
  const spans: { id: string; start: number; end: number }[] = [];
  for (const record of records) {
    if (record.type !== 'step') continue;
    if (record.event === 'start') open.set(record.stepId, record.at);
    else if (['succeed', 'fail', 'becomeUnknown', 'cancel'].includes(record.event) && open.has(record.stepId)) {
      spans.push({ id: record.stepId, start: open.get(record.stepId)!, end: record.at });
      open.delete(record.stepId);
    }
  }
  return spans;
}

/** Fused steps that failed with a later step after them: the agent spent a turn recovering. */
function recoveries(records: readonly JournalRecord[]): number {
  const order: string[] = [];
  const failed = new Set<string>();
  for (const record of records) {
    if (record.type !== 'step') continue;
    if (record.event === 'start') order.push(record.stepId);
    if (record.event === 'fail' && record.stepId.startsWith('F')) failed.add(record.stepId);
  }
  return [...failed].filter((id) => order.indexOf(id) < order.length - 1).length;
}
