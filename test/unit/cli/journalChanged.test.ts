// A runCommand step whose shell writes the run's own journal, through the CLI: no path check can stop a
// shell, so the journal's writer notices before its next record that the file is not what it wrote. The
// run stops with "the journal was changed by something other than Planwright", the records it had written
// are put back in the journal (the changed file is kept beside it), and `resume` reads it and repeats no
// step that may have had its effect.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { createResumeCommand } from '../../../src/cli/resumeCommand';
import { createRunPlanCommand } from '../../../src/cli/runPlanCommand';
import { invoke } from '../support/invokeCli';
import { makeTempDir, removeTempDir } from '../support/tempDir';

(process.platform === 'win32' ? describe.skip : describe)('planwright run when a command writes the run journal', () => {
  let dir: string;
  let journal: string;

  beforeEach(async () => {
    dir = await makeTempDir();
    journal = path.join(dir, 'run.journal.jsonl');
    await mkdir(path.join(dir, 'ws'));
    const plan = {
      version: 1,
      goal: 'Tamper, then log',
      steps: [
        { id: 'E1', title: 'Tamper', tool: 'runCommand', args: { command: `echo '{"type":"forged"}' >> '${journal}'` }, postcondition: { kind: 'exitCode', equals: 0 } },
        { id: 'E2', title: 'Log', tool: 'appendFile', args: { path: 'log.txt', content: 'logged\n' }, dependsOn: ['E1'], postcondition: { kind: 'fileContains', path: 'log.txt', text: 'logged' } },
      ],
    };
    await writeFile(path.join(dir, 'p.plan.json'), JSON.stringify(plan));
  });

  afterEach(() => removeTempDir(dir));

  it('stops with a clear error, puts its own records back, keeps the changed file, and resume repeats nothing', async () => {
    const stopped = await invoke(createRunPlanCommand(() => ({})), ['p.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json'], dir);
    assert.equal(stopped.code, 1, stopped.stderr);
    assert.match(stopped.stderr, /the run stopped: the journal was changed by something other than Planwright, so the run stopped: .*run\.journal\.jsonl was changed by something other than Planwright \(its size went from \d+ to \d+ bytes\)/);
    assert.match(stopped.stderr, /the changed file was kept as .*run\.journal\.jsonl\.changed\n$/);
    const restored = await readFile(journal, 'utf8');
    const kept = await readFile(`${journal}.changed`, 'utf8');
    assert.ok(!restored.split('\n').includes('{"type":"forged"}'), 'the forged line is not in the journal');
    assert.equal(kept, `${restored}{"type":"forged"}\n`, 'the changed file is the journal plus what the command added');
    const records = restored.trim().split('\n').map((line) => JSON.parse(line) as { type: string; stepId?: string; event?: string });
    assert.ok(records.some((record) => record.stepId === 'E1' && record.event === 'start'), 'E1 started before the change');
    assert.equal(await readFile(path.join(dir, 'ws', 'log.txt'), 'utf8').catch(() => ''), '', 'E2 never ran');

    const resumed = await invoke(createResumeCommand(() => ({})), ['--journal', journal, '--json'], dir);
    assert.notEqual(resumed.code, 2, resumed.stderr);
    const report = JSON.parse(resumed.stdout) as { steps: { id: string; status: string; attempts: number }[] };
    const e1 = report.steps.find((step) => step.id === 'E1')!;
    assert.equal(e1.attempts, 1, 'the command that may have had its effect did not run again');
    assert.notEqual(e1.status, 'succeeded');
    assert.equal(await readFile(`${journal}.changed-2`, 'utf8').catch(() => 'none'), 'none', 'the journal was not changed again');
  });
});
