// The editor's Runs view and a CLI run, for real (the bundled dist/cli.js): the catalog lists the CLI's run with
// the process that holds it, and a stop request beside its journal cancels or pauses it there, journalled by the
// CLI as its own cancel or pause, with the reason naming who asked.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { RunJournalCatalog } from '../../../src/node/runJournalCatalog';
import { requestStop, stopPathOf, takeStopRequest } from '../../../src/node/stopRequest';
import { startCli } from '../support/cliProcess';
import { heldRunPerTest, waitFor } from '../support/heldRun';

(process.platform === 'win32' ? describe.skip : describe)('a stop request from the Runs view', function () {
  this.timeout(budgetMs(120_000));
  const holding = heldRunPerTest();
  const journal = () => holding.journal;
  const records = () => readFileSync(journal(), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; status?: string; to?: string; reason?: string });

  const resume = () => startCli(['resume', '--journal', journal(), '--approve', 'all'], holding.dir);

  it('lists the CLI run as running by its process, then cancels it there: the CLI journals the cancel with who asked', async () => {
    const catalog = new RunJournalCatalog(() => [{ folder: holding.dir, door: 'workspace' }]);
    const before = await catalog.runs();
    assert.deepEqual(before.map((run) => [run.journalPath, run.status, run.holder]), [[journal(), 'awaitingApproval', undefined]]);
    const first = resume();
    await waitFor(() => existsSync(path.join(holding.workspace, 'ran.txt')), 'the resume to run E1');
    const [held] = await catalog.runs();
    assert.equal(held!.holder?.pid, first.child.pid);
    assert.equal(held!.goal, 'Hold the run');
    await requestStop(journal(), 'cancel');
    const ended = await first.ended;
    assert.equal(ended.code, 1, ended.stderr);
    assert.match(ended.stderr, new RegExp(`cancelled from process ${process.pid} \\(Planwright's Runs view\\)`));
    const status = records().filter((record) => record.type === 'runStatus').at(-1);
    assert.equal(status?.status, 'cancelled');
    assert.match(status?.reason ?? '', /cancelled from process \d+ \(Planwright's Runs view\)/);
    assert.equal(existsSync(stopPathOf(journal())), false, 'the request outlived its answer');
    const [after] = await catalog.runs();
    assert.deepEqual([after!.status, after!.holder], ['cancelled', undefined]);
  });

  it('pauses it there once its running step finished: the step is not cut short', async () => {
    const first = resume();
    await waitFor(() => existsSync(path.join(holding.workspace, 'ran.txt')), 'the resume to run E1');
    await requestStop(journal(), 'pause');
    await waitFor(() => !existsSync(stopPathOf(journal())), 'the CLI to take the request');
    await writeFile(path.join(holding.workspace, 'go'), '');
    const ended = await first.ended;
    assert.match(ended.stderr, /paused from process \d+/);
    const steps = records().filter((record) => record.type === 'step');
    assert.ok(steps.some((record) => record.to === 'succeeded'), 'E1 did not finish');
    assert.equal(records().filter((record) => record.type === 'runStatus').at(-1)?.status, 'paused');
  });

  it('drops a request older than the run that looks for it, and a request that is not one', async () => {
    await requestStop(journal(), 'cancel');
    assert.equal(await takeStopRequest(journal(), Date.now() + 60_000), undefined);
    assert.equal(existsSync(stopPathOf(journal())), false);
    await writeFile(stopPathOf(journal()), '{"action":"explode"}');
    assert.equal(await takeStopRequest(journal(), 0), undefined);
    await requestStop(journal(), 'pause');
    assert.equal((await takeStopRequest(journal(), 0))?.action, 'pause');
  });
});
