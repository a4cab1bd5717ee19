// Sub-plans journalled to files, as the editor and the CLI run them: the child plan written by the planner
// model from the scoped files only, and the child's journal and trace beside the parent's journal.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { PlanRun } from '../../../src/core/executor/planRun';
import { encodeCompactPlan } from '../../../src/core/plan/compact/encodeCompactPlan';
import { modelChildPlanner } from '../../../src/core/subplan/modelChildPlanner';
import { fileSubplanRunner } from '../../../src/node/fileSubplans';
import { fakeRunDeps, liveSignal, runOptions, validPlan } from '../support/executorFakes';
import { MemoryWorkspace, ScriptedChatModel } from '../support/fakePorts';
import { subplanStep, writeStep } from '../support/subplanFakes';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('fileSubplanRunner', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await removeTempDir(dir);
    dir = undefined;
  });

  it('has the model plan the child from the scoped files and journals the child beside the parent', async () => {
    dir = await makeTempDir();
    const workspace = new MemoryWorkspace({ 'src/a.ts': 'old()', 'secret.env': 'KEY=1' });
    const child = validPlan([writeStep('E1', 'src/a.ts', 'newApi()')], { goal: 'migrate a.ts' });
    const model = new ScriptedChatModel([encodeCompactPlan(child.steps)]);
    const deps = fakeRunDeps({ workspace });
    const subplans = fileSubplanRunner(path.join(dir, 'parent.journal.jsonl'), { base: deps, planChild: modelChildPlanner(model, false), options: runOptions() });
    const plan = validPlan([subplanStep('E1', 'migrate a.ts', ['src/a.ts'], { kind: 'fileContains', path: 'src/a.ts', text: 'newApi' })]);
    const run = await PlanRun.start(plan, { runId: 'parent', options: runOptions() }, { ...deps, subplans });

    assert.equal((await run.execute(liveSignal())).status, 'succeeded');
    assert.equal(workspace.files.get('src/a.ts'), 'newApi()');
    const prompt = JSON.stringify(model.requests[0]!.messages);
    assert.ok(prompt.includes('Goal: migrate a.ts') && prompt.includes('a.ts'));
    assert.ok(!prompt.includes('secret.env'));
    const names = (await readdir(dir)).sort();
    assert.equal(names.length, 2);
    assert.match(names[0]!, /^parent\.E1-[0-9a-f]{8}\.journal\.jsonl$/);
    assert.match(names[1]!, /^parent\.E1-[0-9a-f]{8}\.trace\.jsonl$/);
    assert.ok((await readFile(path.join(dir, names[0]!), 'utf8')).includes('"runStarted"'));
    assert.ok(!existsSync(path.join(dir, 'parent.journal.jsonl')), 'the parent journal is the host\'s, not the runner\'s');
  });
});
