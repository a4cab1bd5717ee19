// `--max-cost` holds for every model call of a run, not only the worker's: a re-plan after a failed step and a
// model summary are not asked when they would pass the cap — the run pauses instead of giving up or ending
// without them, and a resume with a higher cap asks them — and a goal whose planning call alone would pass the
// cap runs nothing.
import * as assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CliCommand } from '../../../src/cli/cliIo';
import { resumeCommand } from '../../../src/cli/resumeCommand';
import { runPlanCommand } from '../../../src/cli/runPlanCommand';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import type { Script } from '../../support/scriptedModelServer';
import { ScriptedCli } from '../support/costCapFixture';
import { CAP_PRICES } from '../../support/costCapScenario';
import { makeTempDir, removeTempDir } from '../support/tempDir';

interface Report {
  readonly status: string;
  readonly reason?: string;
  readonly summary?: string;
  readonly steps?: readonly { readonly id: string; readonly status: string }[];
}

describe('planwright run --max-cost, for the re-planner, the solver and the planner', function () {
  this.timeout(budgetMs(60_000));
  let dir: string;
  const scripted = new ScriptedCli<Report>(() => dir);
  const cli = (command: CliCommand, args: string[], script: Script) => scripted.run(command, args, script);

  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(path.join(dir, 'ws'));
    await writeFile(path.join(dir, 'ws', 'name.txt'), 'Ada');
    await writeFile(path.join(dir, 'prices.json'), JSON.stringify(CAP_PRICES));
  });
  afterEach(async () => {
    await scripted.close();
    await removeTempDir(dir);
  });

  async function writePlan(steps: readonly object[]): Promise<void> {
    await writeFile(path.join(dir, 'p.plan.json'), JSON.stringify({ version: 1, goal: 'Read the name', steps }));
  }

  it('pauses before a re-plan that would pass the cap, without giving up, and re-plans once resumed with more', async () => {
    await writePlan([{ id: 'E1', title: 'Read the name', tool: 'readFile', args: { path: 'nmae.txt' } }]);
    const patch = { content: `replace E1 readFile ${JSON.stringify({ path: 'name.txt' })}\n`, usage: { prompt_tokens: 100, completion_tokens: 20 } };
    const ran = await cli(runPlanCommand, ['p.plan.json', '--workspace', 'ws', '--prices', 'prices.json', '--max-cost', '0.5', '--journal', 'run.journal.jsonl', '--json'], () => patch);
    assert.equal(ran.code, 3, ran.stderr);
    assert.equal(scripted.calls, 0, 'the re-planner was not asked');
    assert.equal(ran.report?.status, 'paused');
    assert.match(ran.report?.reason ?? '', /^the cost cap of \$0\.500 is reached: \$0\.0000 spent, and the next (replanner|repairer) call/);
    assert.deepEqual(ran.report?.steps?.map((step) => step.status), ['failed']);

    const resumed = await cli(resumeCommand, ['--journal', 'run.journal.jsonl', '--prices', 'prices.json', '--max-cost', '100', '--json'], () => patch);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal(resumed.report?.status, 'succeeded');
    assert.ok(scripted.calls >= 1, 'the re-plan was asked once the cap allowed it');
  });

  it('pauses before a model summary that would pass the cap, and writes it once resumed with more', async () => {
    await writePlan([{ id: 'E1', title: 'Read the name', tool: 'readFile', args: { path: 'name.txt' } }]);
    const summary = { content: 'The name is Ada.', usage: { prompt_tokens: 300, completion_tokens: 10 } };
    const ran = await cli(runPlanCommand, ['p.plan.json', '--workspace', 'ws', '--summary', 'model', '--prices', 'prices.json', '--max-cost', '0.2', '--journal', 'run.journal.jsonl', '--json'], () => summary);
    assert.equal(ran.code, 3, ran.stderr);
    assert.equal(scripted.calls, 0, 'the solver was not asked');
    assert.equal(ran.report?.status, 'paused');
    assert.match(ran.report?.reason ?? '', /the next solver call/);

    const resumed = await cli(resumeCommand, ['--journal', 'run.journal.jsonl', '--prices', 'prices.json', '--max-cost', '5', '--json'], () => summary);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal(resumed.report?.summary, 'The name is Ada.');
    assert.equal(scripted.calls, 1);
  });

  it('runs nothing when the planning call of a goal alone would pass the cap', async () => {
    const ran = await cli(runPlanCommand, ['--goal', 'Read the name', '--workspace', 'ws', '--prices', 'prices.json', '--max-cost', '0.01', '--json'], () => ({ content: 'unused' }));
    assert.equal(ran.code, 3, ran.stderr);
    assert.equal(scripted.calls, 0, 'the planner was not asked');
    assert.match(ran.stderr, /the next planner call .* so it was not made; there is no run to resume: run it again with a higher --max-cost/);
    assert.equal('journal' in (ran.report ?? {}), false, 'no journal was written');
  });
});
