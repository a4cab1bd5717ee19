// Sub-plans in a run: expansion from the sub-goal and only the scoped files, the child run's own journal,
// the contract checked on the parent step, scope refused at plan time and at run time, and a fan-out of
// sibling sub-plans running in parallel under maxParallel.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import { ScopeEscapeError, ScopedWorkspace } from '../../../src/core/subplan/scopedWorkspace';
import { writeFileTool } from '../../../src/core/tools/writeFile';
import { fakeRunDeps, liveSignal, runOptions, TimedCommandRunner, validPlan } from '../support/executorFakes';
import { assertToolError, MemoryWorkspace, toolContext } from '../support/fakePorts';
import { ChildLogStore, scriptedChildPlanner, subplanRunner, subplanStep, writeStep } from '../support/subplanFakes';

const contains = (path: string, text: string) => ({ kind: 'fileContains', path, text });

describe('SubplanRunner expansion', () => {
  it('plans the child from its goal and only the scoped files, runs it, and checks the parent step against its contract', async () => {
    const workspace = new MemoryWorkspace({ 'src/a.ts': 'old()', 'src/b.ts': 'old()', 'secret.env': 'KEY=1' });
    const planner = scriptedChildPlanner({ 'migrate a.ts': [writeStep('E1', 'src/a.ts', 'newApi()')] });
    const logs = new ChildLogStore();
    const deps = fakeRunDeps({ workspace });
    const run = await PlanRun.start(validPlan([subplanStep('E1', 'migrate a.ts', ['src/a.ts'], contains('src/a.ts', 'newApi'))]), { runId: 'parent', options: runOptions() }, { ...deps, subplans: subplanRunner(deps, planner, logs) });
    const report = await run.execute(liveSignal());

    assert.equal(report.status, 'succeeded');
    assert.deepEqual(planner.goals, ['migrate a.ts']);
    assert.deepEqual(planner.seen, [['src/a.ts']]);
    assert.equal(workspace.files.get('src/a.ts'), 'newApi()');
    assert.equal(workspace.files.get('src/b.ts'), 'old()');
    const [childId] = logs.opened;
    assert.match(childId!, /^parent\.E1-[0-9a-f]{8}$/);
    const details = run.current.steps.get('E1')?.output?.details as { subplan: { runId: string; status: string; steps: number } };
    assert.deepEqual([details.subplan.runId, details.subplan.status, details.subplan.steps], [childId, 'succeeded', 1]);
    assert.ok(logs.journals.get(childId!)!.lines.some((line) => line.includes('"runStarted"')));
  });

  it('fails the parent step when the child succeeded but the contract does not hold', async () => {
    const workspace = new MemoryWorkspace({ 'src/a.ts': 'old()' });
    const planner = scriptedChildPlanner({ 'migrate a.ts': [writeStep('E1', 'src/a.ts', 'halfway()')] });
    const deps = fakeRunDeps({ workspace });
    const run = await PlanRun.start(validPlan([subplanStep('E1', 'migrate a.ts', ['src/a.ts'], contains('src/a.ts', 'newApi'))]), { runId: 'p', options: runOptions({ maxReplans: 0 }) }, { ...deps, subplans: subplanRunner(deps, planner, new ChildLogStore()) });
    const report = await run.execute(liveSignal());
    assert.equal(report.steps[0]!.status, 'failed');
    assert.match(report.steps[0]!.error ?? '', /postcondition/);
  });

  it('refuses a child plan that names a path outside its scope before anything runs', async () => {
    const workspace = new MemoryWorkspace({ 'src/a.ts': 'old()' });
    const planner = scriptedChildPlanner({ 'migrate a.ts': [writeStep('E1', 'src/a.ts', 'newApi()'), writeStep('E2', 'src/other.ts', 'x')] });
    const deps = fakeRunDeps({ workspace });
    const run = await PlanRun.start(validPlan([subplanStep('E1', 'migrate a.ts', ['src/a.ts'], contains('src/a.ts', 'newApi'))]), { runId: 'p', options: runOptions({ maxReplans: 0 }) }, { ...deps, subplans: subplanRunner(deps, planner, new ChildLogStore()) });
    const report = await run.execute(liveSignal());
    assert.equal(report.steps[0]!.status, 'failed');
    assert.match(report.steps[0]!.error ?? '', /E2\.args\.path: "src\/other\.ts" is outside the sub-plan's scope \(src\/a\.ts\)/);
    assert.equal(workspace.files.get('src/a.ts'), 'old()');
  });

  it('refuses a child plan longer than its step budget', async () => {
    const planner = scriptedChildPlanner({ g: [writeStep('E1', 'a.ts', '1'), writeStep('E2', 'a.ts', '2', ['E1'])] });
    const deps = fakeRunDeps();
    const run = await PlanRun.start(validPlan([subplanStep('E1', 'g', ['a.ts'], contains('a.ts', '2'), { budget: { steps: 1 } })]), { runId: 'p', options: runOptions({ maxReplans: 0 }) }, { ...deps, subplans: subplanRunner(deps, planner, new ChildLogStore()) });
    const report = await run.execute(liveSignal());
    assert.match(report.steps[0]!.error ?? '', /2 steps, more than its budget of 1/);
  });

  it('fails a subplan step where no sub-plans can run', async () => {
    const deps = fakeRunDeps();
    const run = await PlanRun.start(validPlan([subplanStep('E1', 'g', ['a.ts'], contains('a.ts', 'x'))]), { runId: 'p', options: runOptions({ maxReplans: 0 }) }, deps);
    const report = await run.execute(liveSignal());
    assert.match(report.steps[0]!.error ?? '', /sub-plans cannot run here/);
  });
});

describe('ScopedWorkspace', () => {
  it('refuses at run time a tool call outside the scope, as a definite failure', async () => {
    const inner = new MemoryWorkspace({ 'src/a.ts': 'a' });
    const scoped = new ScopedWorkspace(inner, ['src/a.ts']);
    await assertToolError(writeFileTool.execute({ path: 'src/b.ts', content: 'x' }, toolContext({ workspace: scoped })), 'definite', 'workspaceEscape');
    await assert.rejects(scoped.readFile('package.json'), ScopeEscapeError);
    assert.equal(inner.files.has('src/b.ts'), false);
    await writeFileTool.execute({ path: 'src/a.ts', content: 'b' }, toolContext({ workspace: scoped }));
    assert.equal(inner.files.get('src/a.ts'), 'b');
  });

  it('lists only the files of its scope', async () => {
    const scoped = new ScopedWorkspace(new MemoryWorkspace({ 'src/a.ts': '', 'src/lib/b.ts': '', 'test/a.test.ts': '' }), ['src/lib']);
    assert.deepEqual(await scoped.listAllFiles(), ['src/lib/b.ts']);
    assert.deepEqual(await scoped.findFiles('**/*.ts'), ['src/lib/b.ts']);
  });
});

describe('SubplanRunner fan-out', () => {
  it('runs sibling sub-plans in parallel, never more than maxParallel at once', async () => {
    const files: Record<string, string> = {};
    const plans: Record<string, unknown[]> = {};
    const steps = [];
    for (let index = 0; index < 6; index++) {
      files[`src/m${index}.ts`] = 'old()';
      plans[`migrate m${index}`] = [
        { id: 'E1', title: 'typecheck', tool: 'runCommand', args: { command: `check m${index}` }, postcondition: { kind: 'exitCode', equals: 0 } },
        writeStep('E2', `src/m${index}.ts`, 'newApi()', ['E1']),
      ];
      steps.push(subplanStep(`E${index + 1}`, `migrate m${index}`, [`src/m${index}.ts`], contains(`src/m${index}.ts`, 'newApi')));
    }
    const commands = new TimedCommandRunner(() => 30);
    const workspace = new MemoryWorkspace(files);
    const deps = fakeRunDeps({ workspace, commands });
    const run = await PlanRun.start(validPlan(steps), { runId: 'fan', options: runOptions({ maxParallel: 3 }) }, { ...deps, subplans: subplanRunner(deps, scriptedChildPlanner(plans), new ChildLogStore()) });
    const report = await run.execute(liveSignal());

    assert.equal(report.status, 'succeeded');
    const overlapAt = (time: number) => commands.calls.filter((call) => call.start <= time && time < call.end).length;
    const peak = Math.max(...commands.calls.map((call) => overlapAt(call.start)));
    assert.ok(peak >= 2, `sub-plans ran one at a time (peak ${peak})`);
    assert.ok(peak <= 3, `more than maxParallel sub-plans ran at once (peak ${peak})`);
    assert.ok(Object.keys(files).every((path) => workspace.files.get(path) === 'newApi()'));
  });
});
