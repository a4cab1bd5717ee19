// `planwright run --max-cost USD`: before a model call that would take the run's priced spend past the cap the
// run pauses (exit 3, the reason on one line) and the scripted endpoint never sees that call; `resume` with a
// higher cap carries on from the journal and finishes. A fused run pauses the same way. A model without a price
// refuses the cap before anything runs, unless --allow-unpriced.
import * as assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { CliCommand } from '../../../src/cli/cliIo';
import { resumeCommand } from '../../../src/cli/resumeCommand';
import { runPlanCommand } from '../../../src/cli/runPlanCommand';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { JournalRecordSchema } from '../../../src/core/run/journalRecords';
import { replayJournal } from '../../../src/core/run/runState';
import type { Script } from '../../support/scriptedModelServer';
import { ScriptedCli } from '../support/costCapFixture';
import { CAP_PRICES, NOTE_REPLY, TWO_NOTES_PLAN } from '../../support/costCapScenario';
import { makeTempDir, removeTempDir } from '../support/tempDir';

interface Report {
  readonly status: string;
  readonly reason?: string;
  readonly costCap?: { readonly maxCost: number; readonly spent: number; readonly reached?: string };
  readonly steps?: readonly { readonly id: string; readonly status: string }[];
}

describe('planwright run --max-cost', function () {
  this.timeout(budgetMs(60_000));
  let dir: string;
  const scripted = new ScriptedCli<Report>(() => dir);
  const cli = (command: CliCommand, args: string[], script: Script = () => NOTE_REPLY) => scripted.run(command, args, script);

  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(path.join(dir, 'ws'));
    await writeFile(path.join(dir, 'ws', 'name.txt'), 'Ada');
    await writeFile(path.join(dir, 'notes.plan.json'), JSON.stringify(TWO_NOTES_PLAN));
    await writeFile(path.join(dir, 'prices.json'), JSON.stringify(CAP_PRICES));
  });
  afterEach(async () => {
    await scripted.close();
    await removeTempDir(dir);
  });


  it('pauses before the call that would pass the cap, and a resume with a higher cap finishes', async () => {
    const ran = await cli(runPlanCommand, ['notes.plan.json', '--workspace', 'ws', '--prices', 'prices.json', '--max-cost', '1', '--journal', 'run.journal.jsonl', '--json']);
    assert.equal(ran.code, 3, ran.stderr);
    assert.equal(scripted.calls, 1, 'the second call was never made');
    assert.equal(ran.report?.status, 'paused');
    assert.match(ran.report?.reason ?? '', /^the cost cap of \$1\.00 is reached: \$0\.750 spent, and the next worker call \(about \$0\.7\d\d\) would pass it, so it was not made$/);
    assert.deepEqual(ran.report?.steps?.map((step) => step.status), ['succeeded', 'approved']);
    assert.equal(ran.report?.costCap?.spent, 0.75);
    const lines = ran.stderr.split('\n').filter((line) => line.includes('cost cap'));
    assert.equal(lines.length, 1, ran.stderr);
    assert.match(lines[0]!, /to go on: planwright resume --journal .*run\.journal\.jsonl --max-cost 2\.00$/);
    const journal = await readFile(path.join(dir, 'run.journal.jsonl'), 'utf8');
    assert.match(journal, /"type":"runStatus","at":\d+,"status":"paused","reason":"the cost cap of \$1\.00 is reached/);
    const paused = replayJournal(journal.trim().split('\n').map((line) => JournalRecordSchema.parse(JSON.parse(line))));
    assert.deepEqual(paused.costCapPause && { spent: paused.costCapPause.spent, cap: paused.costCapPause.cap }, { spent: 0.75, cap: 1 }, 'the journal keeps why the run paused, for a reloaded editor');

    const again = await cli(resumeCommand, ['--journal', 'run.journal.jsonl', '--prices', 'prices.json', '--json']);
    assert.equal(again.code, 3, 'the journalled cap still holds without a higher one');
    assert.equal(scripted.calls, 1);

    const resumed = await cli(resumeCommand, ['--journal', 'run.journal.jsonl', '--prices', 'prices.json', '--max-cost', '2', '--json']);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal(resumed.report?.status, 'succeeded');
    assert.equal(scripted.calls, 2);
    assert.equal(resumed.report?.costCap?.spent, 1.5, 'the spend before the resume counts against the cap');
  });

  it('pauses a fused run before the agent turn that would pass the cap, and a resume with a higher cap finishes it', async () => {
    const usage = { prompt_tokens: 1400, completion_tokens: 200 };
    const turn = { toolCalls: [{ name: 'readFile', arguments: JSON.stringify({ path: 'name.txt' }) }], usage };
    let turns = 0;
    const script: Script = () => (++turns <= 2 ? turn : { content: 'The name is Ada.', usage });
    const ran = await cli(runPlanCommand, ['--goal', 'Read the name', '--mode', 'fused', '--workspace', 'ws', '--prices', 'prices.json', '--max-cost', '2.5', '--journal', 'fused.journal.jsonl', '--json'], script);
    assert.equal(scripted.calls, 1, 'the second turn was never asked');
    assert.equal(ran.report?.status, 'paused');
    assert.match(ran.report?.reason ?? '', /^the cost cap of \$2\.50 is reached: \$1\.60 spent, and the next fused call/);
    assert.equal(ran.code, 3, ran.stderr);
    assert.match(ran.stderr, /to go on: planwright resume --journal .*fused\.journal\.jsonl --max-cost/);

    const resumed = await cli(resumeCommand, ['--journal', 'fused.journal.jsonl', '--prices', 'prices.json', '--max-cost', '10', '--json'], script);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal(resumed.report?.status, 'succeeded');
    assert.equal(scripted.calls, 3, 'the agent went on from where the cap stopped it');
  });

  it('refuses to start when a model has no price, naming it, unless --allow-unpriced', async () => {
    await writeFile(path.join(dir, 'prices.json'), JSON.stringify({ other: { input: 1, output: 1 } }));
    const refused = await cli(runPlanCommand, ['notes.plan.json', '--workspace', 'ws', '--prices', 'prices.json', '--max-cost', '1']);
    assert.equal(refused.code, 2);
    assert.equal(refused.stderr, 'planwright run: --max-cost cannot cap calls of a model without a price: no price for scripted in --prices; add it to the prices file, or pass --allow-unpriced to cap the priced calls only\n');
    assert.equal(scripted.calls, 0);
    assert.deepEqual(await readdir(path.join(dir, 'ws')), ['name.txt'], 'nothing written');

    const allowed = await cli(runPlanCommand, ['notes.plan.json', '--workspace', 'ws', '--prices', 'prices.json', '--max-cost', '1', '--allow-unpriced', '--json']);
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.equal(scripted.calls, 2);
  });
});
