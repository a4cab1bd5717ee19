// The run lease, for real: two `planwright resume`s of one journal (the bundled dist/cli.js) while the first
// is running its step, and a resume after the holder was killed with SIGKILL.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { budgetMs } from '../../../scripts/testing/timeBudget';
import { runCliProcess, startCli } from '../support/cliProcess';
import { heldRunPerTest, killGroup, waitFor } from '../support/heldRun';

(process.platform === 'win32' ? describe.skip : describe)('the run lease', function () {
  this.timeout(budgetMs(120_000));
  const held = heldRunPerTest();
  const journal = () => held.journal;

  const resume = () => ['resume', '--journal', journal(), '--approve', 'all', '--json'];
  const ranLines = () => readFileSync(path.join(held.workspace, 'ran.txt'), 'utf8').split('\n').filter(Boolean).length;

  it('two resumes of one run: exactly one runs, the other changes nothing and names the holder, exit 4', async () => {
    const first = startCli(resume(), held.dir);
    await waitFor(() => existsSync(path.join(held.workspace, 'ran.txt')), 'the first resume to run E1');
    const journalBefore = readFileSync(journal(), 'utf8');
    const second = await runCliProcess(resume(), held.dir);
    assert.equal(second.code, 4, second.stderr);
    assert.match(second.stderr, new RegExp(`run held is being run by process ${first.child.pid} since \\d\\d:\\d\\d; wait for it or stop it`));
    assert.equal(readFileSync(journal(), 'utf8'), journalBefore, 'the refused resume changed the journal');
    await writeFile(path.join(held.workspace, 'go'), '');
    const ended = await first.ended;
    assert.equal(ended.code, 0, ended.stderr);
    assert.equal(ranLines(), 1);
    assert.equal(existsSync(`${journal()}.lease`), false, 'the lease outlived its run');
  });

  it('kill -9 of the holder, then resume: the lease is taken over and the run finishes', async () => {
    const first = startCli(resume(), held.dir);
    await waitFor(() => existsSync(path.join(held.workspace, 'e1.pgid')) && readFileSync(path.join(held.workspace, 'e1.pgid'), 'utf8').trim() !== '', 'the first resume to run E1');
    first.child.kill('SIGKILL');
    await first.ended;
    killGroup(Number(readFileSync(path.join(held.workspace, 'e1.pgid'), 'utf8').trim()));
    assert.ok(existsSync(`${journal()}.lease`), 'the killed holder left no lease to take over');
    await writeFile(path.join(held.workspace, 'go'), '');
    const second = await runCliProcess(resume(), held.dir);
    assert.equal(second.code, 0, `${second.stderr}\n${second.stdout}`);
    assert.equal((JSON.parse(second.stdout) as { status: string }).status, 'succeeded');
    assert.equal(existsSync(`${journal()}.lease`), false);
  });
});
