// The goal's acceptance checks in a planned run: evaluated when the last step ends, the run succeeding
// only when they hold; a failing one re-plans with its evidence (within maxReplans) like a failed step;
// checks that already hold before the first step are journalled as proving nothing; replay sees it all.
import * as assert from 'node:assert/strict';
import { PlanRun } from '../../../src/core/executor/planRun';
import type { AcceptanceReplanRequest, ReplanAnswer, Replanner } from '../../../src/core/run/modelRoles';
import type { PlanPatch } from '../../../src/core/plan/planPatch';
import type { Step } from '../../../src/core/plan/planSchema';
import { replayJournal } from '../../../src/core/run/runState';
import type { JournalRecord } from '../../../src/core/run/journalRecords';
import { fakeRunDeps, liveSignal, runOptions, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedCommandRunner } from '../support/fakePorts';

/** A re-planner asked only about unmet goals: answers from a list and keeps every request. */
class GoalReplanner implements Replanner {
  readonly requests: AcceptanceReplanRequest[] = [];
  constructor(private readonly answers: readonly PlanPatch[]) {}
  async replan(): Promise<ReplanAnswer> {
    throw new Error('no step failed, so no step re-plan was expected');
  }
  async meetAcceptance(request: AcceptanceReplanRequest): Promise<ReplanAnswer> {
    this.requests.push(request);
    const patch = this.answers[this.requests.length - 1];
    if (!patch) throw new Error('no more answers');
    return { patch, usage: [] };
  }
}

const write = (id: string, path: string, content: string): Step => ({ id, title: `write ${path}`, tool: 'writeFile', args: { path, content }, postcondition: { kind: 'fileContains', path, text: content } });
const add = (step: Step): PlanPatch[number] => ({ op: 'add', step });
const acceptance = [{ kind: 'fileContains', path: 'src/cli.ts', text: '--verbose' }, { kind: 'commandSucceeds', command: 'npm test' }];

async function records(deps: ReturnType<typeof fakeRunDeps>): Promise<JournalRecord[]> {
  return (await deps.journal.readAll()) as JournalRecord[];
}

describe('PlanRun acceptance checks', () => {
  it('re-plans when every step passed but a check fails, and succeeds only once the fix makes it hold', async () => {
    const workspace = new MemoryWorkspace({ 'src/cli.ts': 'const flags = [];' });
    // npm test passes only once the flag is in the file, as a real test would.
    const commands = new ScriptedCommandRunner(() => (workspace.files.get('src/cli.ts')?.includes('--verbose') ? {} : { exitCode: 1, output: '1 failed: expected --verbose' }));
    const replanner = new GoalReplanner([[add(write('E2', 'src/cli.ts', "const flags = ['--verbose'];"))]]);
    const deps = fakeRunDeps({ workspace, commands, replanner });
    const plan = validPlan([write('E1', 'README.md', 'verbose flag')], { revision: 1, acceptance });
    const run = await PlanRun.start(plan, { runId: 'goal', options: runOptions() }, deps);
    const report = await run.execute(liveSignal());

    assert.equal(report.status, 'succeeded', report.reason);
    assert.equal(report.replans, 1);
    assert.equal(replanner.requests.length, 1);
    const asked = replanner.requests[0]!;
    assert.deepEqual(asked.unmet.map((entry) => entry.check.kind), ['fileContains', 'commandSucceeds']);
    assert.match(asked.unmet[1]!.detail, /exit code 1.*1 failed: expected --verbose/);
    assert.deepEqual(asked.steps.map((step) => `${step.id}:${step.status}`), ['E1:succeeded']);
    const checked = (await records(deps)).filter((record) => record.type === 'acceptance');
    assert.deepEqual(checked.map((record) => `${record.phase}@${record.revision}:${record.results.map((result) => (result.skipped ? 'skip' : result.ok ? 'ok' : 'fail')).join(',')}`), ['before@1:fail,skip', 'after@1:fail,fail', 'after@2:ok,ok']);
    const replayed = replayJournal(await records(deps));
    assert.equal(replayed.acceptance?.after?.revision, 2);
    assert.ok(replayed.acceptance?.after?.results.every((result) => result.ok));
  });

  it('fails with the unmet check named once the re-planning budget is spent, never succeeded', async () => {
    const workspace = new MemoryWorkspace({ 'src/cli.ts': 'const flags = [];' });
    const replanner = new GoalReplanner([[add(write('E2', 'notes.txt', 'not the fix'))]]);
    const deps = fakeRunDeps({ workspace, replanner });
    const plan = validPlan([write('E1', 'README.md', 'verbose flag')], { revision: 1, acceptance: [acceptance[0]] });
    const run = await PlanRun.start(plan, { runId: 'budget', options: runOptions({ maxReplans: 1 }) }, deps);
    const report = await run.execute(liveSignal());

    assert.equal(report.status, 'failed');
    assert.match(report.reason ?? '', /gave up after 1 re-plan\(s\)[\s\S]*the goal is not met: src\/cli\.ts contains "--verbose": not found/);
    assert.equal(replanner.requests.length, 1);
  });

  it('stops as needsReplan, not succeeded, when no re-planner can address the unmet goal', async () => {
    const deps = fakeRunDeps({ workspace: new MemoryWorkspace({ 'src/cli.ts': 'x' }) });
    const plan = validPlan([write('E1', 'README.md', 'r')], { acceptance: [acceptance[0]] });
    const report = await (await PlanRun.start(plan, { runId: 'none', options: runOptions() }, deps)).execute(liveSignal());
    assert.equal(report.status, 'needsReplan');
    assert.match(report.reason ?? '', /the goal is not met: src\/cli\.ts contains "--verbose": not found.*no re-planner/);
  });

  it('journals a check that already holds before the first step, and runs no command to find out', async () => {
    const workspace = new MemoryWorkspace({ 'src/cli.ts': "const flags = ['--verbose'];" });
    const commands = new ScriptedCommandRunner(() => ({}));
    const deps = fakeRunDeps({ workspace, commands });
    const plan = validPlan([write('E1', 'README.md', 'r')], { acceptance });
    const report = await (await PlanRun.start(plan, { runId: 'already', options: runOptions() }, deps)).execute(liveSignal());

    assert.equal(report.status, 'succeeded');
    const before = replayJournal(await records(deps)).acceptance?.before;
    assert.deepEqual(before?.results.map((result) => [result.ok, result.skipped ?? false]), [[true, false], [false, true]]);
    // npm test ran once, after the last step: not before the run.
    assert.equal(commands.requests.length, 1);
  });
});
