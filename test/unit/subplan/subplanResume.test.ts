// A kill inside a child resumes inside the child. Each test kills the "process" at one point (every log
// stops taking records, as a killed process's appends never become durable), then builds a new parent
// run and runner from what the logs hold, as `planwright resume` does, and runs it to its end.
import * as assert from 'node:assert/strict';
import { PlanRun, type RunDeps } from '../../../src/core/executor/planRun';
import { fakeRunDeps, liveSignal, runOptions, validPlan } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';
import { ChildLogStore, FreezableLog, KillSwitch, scriptedChildPlanner, subplanRunner, subplanStep, writeStep } from '../support/subplanFakes';

const contains = (path: string, text: string) => ({ kind: 'fileContains', path, text });

/** A workspace that counts writes per file and runs `onWrite` before each. */
class CountingWorkspace extends MemoryWorkspace {
  readonly writes = new Map<string, number>();
  onWrite: (path: string) => void = () => undefined;
  override async writeFile(path: string, content: string): Promise<void> {
    this.onWrite(path);
    this.writes.set(path, (this.writes.get(path) ?? 0) + 1);
    return super.writeFile(path, content);
  }
}

const CHILD_PLAN = [writeStep('E1', 'src/a.ts', 'step1'), writeStep('E2', 'src/b.ts', 'newApi()', ['E1']), writeStep('E3', 'src/a.ts', 'newApi()', ['E2'])];
const PARENT = validPlan([writeStep('E1', 'notes.md', 'start'), subplanStep('E2', 'migrate', ['src'], contains('src/b.ts', 'newApi'), { dependsOn: ['E1'] })]);

/** Runs the parent until `killAt` kills the process, then resumes it from the logs; returns what both lives did. */
async function killAndResume(killAt: (workspace: CountingWorkspace, kill: () => void, logs: ChildLogStore) => void) {
  const workspace = new CountingWorkspace({ 'src/a.ts': 'old()', 'src/b.ts': 'old()' });
  const kill = new KillSwitch();
  const logs = new ChildLogStore(kill);
  const planner = scriptedChildPlanner({ migrate: CHILD_PLAN });
  const journal = new FreezableLog(kill);
  const first = new AbortController();
  const base: RunDeps = fakeRunDeps({ workspace, journal, trace: new FreezableLog(kill) });
  killAt(workspace, () => {
    kill.kill();
    first.abort('killed');
  }, logs);
  const run = await PlanRun.start(PARENT, { runId: 'p', options: runOptions() }, { ...base, subplans: subplanRunner(base, planner, logs) });
  await run.execute(first.signal);
  assert.ok(kill.killed, 'the kill point was never reached');

  workspace.onWrite = () => undefined;
  kill.killed = false;
  const resumedDeps: RunDeps = { ...base, trace: new FreezableLog(kill) };
  const resumed = await PlanRun.resume({ ...resumedDeps, subplans: subplanRunner(resumedDeps, planner, logs) });
  const report = await resumed.execute(liveSignal());
  return { report, workspace, planner, logs };
}

describe('sub-plan journal replay at kill points inside a child', () => {
  it('killed before the child plan is journalled: the child is planned again and runs once', async () => {
    const { report, workspace, planner } = await killAndResume((_, kill, logs) => {
      const open = logs.open.bind(logs);
      logs.open = async (id) => {
        kill();
        return open(id);
      };
    });
    assert.equal(report.status, 'succeeded');
    assert.equal(planner.goals.length, 2, 'a child plan that never reached the journal is written again');
    assert.equal(workspace.writes.get('src/a.ts'), 2, 'the child ran once, in the second life');
  });

  it('killed inside the child between two steps: the done step is not run again, the child carries on', async () => {
    const { report, workspace, planner, logs } = await killAndResume((workspace, kill) => {
      workspace.onWrite = (path) => {
        if (path === 'src/b.ts') kill();
      };
    });
    assert.equal(report.status, 'succeeded');
    assert.equal(planner.goals.length, 1, 'the child was resumed, not planned again');
    assert.equal(workspace.writes.get('notes.md'), 1, 'the parent step done before the child is not run again');
    assert.equal(workspace.writes.get('src/a.ts'), 2, 'child E1 once, child E3 once');
    assert.equal(workspace.files.get('src/b.ts'), 'newApi()');
    const child = [...logs.journals.values()][0]!;
    assert.ok(child.lines.some((line) => line.includes('interrupted, and safe to run again')), 'the child recovered its own interrupted step');
  });

  it('killed after the child succeeded but before the parent step did: nothing in the child runs again', async () => {
    const { report, workspace, planner } = await killAndResume((_, kill, logs) => {
      const open = logs.open.bind(logs);
      logs.open = async (id) => {
        const opened = await open(id);
        const append = opened.journal.append.bind(opened.journal);
        opened.journal.append = async (record) => {
          await append(record);
          if ((record as { type?: string; status?: string }).type === 'runStatus' && (record as { status?: string }).status === 'succeeded') kill();
        };
        return opened;
      };
    });
    assert.equal(report.status, 'succeeded');
    assert.equal(planner.goals.length, 1);
    assert.equal(workspace.writes.get('src/a.ts'), 2, 'child E1 and E3 ran once each');
    assert.equal(workspace.writes.get('src/b.ts'), 1);
  });
});
