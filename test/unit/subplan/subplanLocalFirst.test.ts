// Local first: a failure inside a child is re-planned inside the child, with the child's context, and
// the parent never hears of it; only a child whose re-plans or tokens are spent, or whose contract cannot
// be met, reaches the parent's re-planner, as one failed step with the child's evidence.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { ReplanAnswer, Replanner, ReplanRequest } from '../../../src/core/run/modelRoles';
import type { PlanPatch } from '../../../src/core/plan/planPatch';
import type { Step } from '../../../src/core/plan/planSchema';
import type { Workspace } from '../../../src/core/ports';
import { fakeRunDeps, liveSignal, runOptions, validPlan } from '../support/executorFakes';
import { MemoryWorkspace } from '../support/fakePorts';
import { ChildLogStore, scriptedChildPlanner, subplanRunner, subplanStep, writeStep } from '../support/subplanFakes';

const contains = (path: string, text: string) => ({ kind: 'fileContains', path, text });
const edit = (id: string, path: string, find: string, replace: string) => ({ id, title: `edit ${path}`, tool: 'editFile', args: { path, edits: [{ find, replace }] }, postcondition: contains(path, replace) });

/** A re-planner answering every request with `answer`, keeping each request and the workspace it was made for. */
class RecordingReplanner implements Replanner {
  readonly requests: ReplanRequest[] = [];
  constructor(
    private readonly answer: (request: ReplanRequest) => PlanPatch | Error,
    readonly workspace?: Workspace,
  ) {}
  async replan(request: ReplanRequest): Promise<ReplanAnswer> {
    this.requests.push(request);
    const answer = this.answer(request);
    if (answer instanceof Error) throw answer;
    return { patch: answer, usage: [{ role: 'replanner', model: 'fake', promptTokens: 40, completionTokens: 10, cachedTokens: 0, estimated: false, ms: 1 }] };
  }
}

const fixEdit: (request: ReplanRequest) => PlanPatch = (request) => [{ op: 'replace', id: request.broken.step.id, step: edit(request.broken.step.id, 'src/a.ts', 'old()', 'newApi()') as Step }];

describe('sub-plans, local first', () => {
  it('re-plans a failed child step inside the child; the parent re-planner is never called', async () => {
    const workspace = new MemoryWorkspace({ 'src/a.ts': 'old()', 'src/b.ts': 'b' });
    const planner = scriptedChildPlanner({ 'migrate a.ts': [edit('E1', 'src/a.ts', 'stale()', 'newApi()')] });
    const children: RecordingReplanner[] = [];
    const parentReplanner = new RecordingReplanner(() => new Error('the parent must not be asked'));
    const deps = fakeRunDeps({ workspace, replanner: parentReplanner });
    const runner = subplanRunner(deps, planner, new ChildLogStore(), {
      replannerIn: (scoped) => {
        const child = new RecordingReplanner(fixEdit, scoped);
        children.push(child);
        return child;
      },
    });
    const run = await PlanRun.start(validPlan([subplanStep('E1', 'migrate a.ts', ['src/a.ts'], contains('src/a.ts', 'newApi'))]), { runId: 'p', options: runOptions() }, { ...deps, subplans: runner });
    const report = await run.execute(liveSignal());

    assert.equal(report.status, 'succeeded');
    assert.equal(report.replans, 0);
    assert.equal(parentReplanner.requests.length, 0);
    assert.equal(children[0]!.requests.length, 1);
    assert.equal(children[0]!.requests[0]!.goal, 'migrate a.ts');
    assert.deepEqual(await children[0]!.workspace!.listAllFiles(), ['src/a.ts']);
    const details = run.current.steps.get('E1')?.output?.details as { subplan: { replans: number } };
    assert.equal(details.subplan.replans, 1);
  });

  it('escalates a child whose re-plan budget is spent as one failed step with the child evidence', async () => {
    const workspace = new MemoryWorkspace({ 'src/a.ts': 'old()' });
    const planner = scriptedChildPlanner({ 'migrate a.ts': [writeStep('E1', 'src/a.ts', 'x'), edit('E2', 'src/a.ts', 'stale()', 'newApi()')].map((step, index) => (index === 1 ? { ...step, dependsOn: ['E1'] } : step)) });
    const child = new RecordingReplanner(() => [{ op: 'replace', id: 'E2', step: edit('E2', 'src/a.ts', 'still stale()', 'newApi()') as Step }]);
    const parentReplanner = new RecordingReplanner((request) => [{ op: 'replace', id: request.broken.step.id, step: writeStep(request.broken.step.id, 'src/a.ts', 'newApi()') as Step }]);
    const deps = fakeRunDeps({ workspace, replanner: parentReplanner });
    const runner = subplanRunner(deps, planner, new ChildLogStore(), { replannerIn: () => child });
    const run = await PlanRun.start(
      validPlan([subplanStep('E1', 'migrate a.ts', ['src/a.ts'], contains('src/a.ts', 'newApi'), { budget: { replans: 1 } })]),
      { runId: 'p', options: runOptions() },
      { ...deps, subplans: runner },
    );
    const report = await run.execute(liveSignal());

    assert.equal(child.requests.length, 1, 'the child used its one re-plan');
    assert.equal(parentReplanner.requests.length, 1);
    const broken = parentReplanner.requests[0]!.broken;
    assert.equal(broken.step.id, 'E1');
    assert.equal(broken.step.tool, 'subplan');
    assert.equal(broken.failure?.reason, 'subplanFailed');
    assert.match(broken.failure?.message ?? '', /sub-plan "migrate a\.ts" ended failed/);
    assert.match(broken.failure?.message ?? '', /after 1 re-plan\(s\) inside it/);
    assert.match(broken.failure?.message ?? '', /- E2 \(editFile\) failed/);
    assert.doesNotMatch(broken.failure?.message ?? '', /- E1 /, 'the child step that succeeded is not part of the evidence');
    assert.equal(report.status, 'succeeded', 'the parent re-plan replaced the sub-plan');
    assert.equal(workspace.files.get('src/a.ts'), 'newApi()');
  });

  it('escalates a child whose token budget is spent', async () => {
    const workspace = new MemoryWorkspace({ 'src/a.ts': 'old()' });
    const planner = scriptedChildPlanner({ g: [edit('E1', 'src/a.ts', 'stale()', 'newApi()')] });
    const child = new RecordingReplanner(fixEdit);
    const deps = fakeRunDeps({ workspace });
    const runner = subplanRunner(deps, planner, new ChildLogStore(), { replannerIn: () => child });
    const run = await PlanRun.start(validPlan([subplanStep('E1', 'g', ['src/a.ts'], contains('src/a.ts', 'newApi'), { budget: { tokens: 30 } })]), { runId: 'p', options: runOptions({ maxReplans: 0 }) }, { ...deps, subplans: runner });
    const report = await run.execute(liveSignal());

    assert.equal(report.steps[0]!.status, 'failed');
    assert.match(report.steps[0]!.error ?? '', /token budget is spent \(60 of 30\)/);
    assert.equal(child.requests.length, 0, 'no re-plan started once the budget was spent');
    assert.equal(workspace.files.get('src/a.ts'), 'old()');
  });
});
