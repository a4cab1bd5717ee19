// A disk that fills while the journal is written, through the CLI: the record being written does not
// count, the step it announces never starts, the run stops with "the journal could not be written:"
// naming the journal and the cause, and `resume` runs no non-idempotent step twice. A run whose very
// first record was torn can be started again with `run`, and `resume` says so instead of failing.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { createResumeCommand } from '../../../src/cli/resumeCommand';
import { createRunPlanCommand } from '../../../src/cli/runPlanCommand';
import { nodeLogFiles, type LogFiles } from '../../../src/node/jsonlRecordLog';
import { invoke } from '../support/invokeCli';
import { makeTempDir, removeTempDir } from '../support/tempDir';

/**
 * The node file system until a write carries `marker`: that write stores half its bytes (a short write),
 * and every write after it fails with ENOSPC; with `keepTorn`, cutting the file back fails too.
 */
class DiskFillsAt implements LogFiles {
  full = false;
  constructor(
    private readonly marker: string,
    private readonly keepTorn = false,
  ) {}

  async write(fd: number, buffer: Buffer, offset: number, length: number): Promise<number> {
    if (this.full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    if (!buffer.subarray(offset, offset + length).includes(this.marker)) return nodeLogFiles.write(fd, buffer, offset, length);
    this.full = true;
    return nodeLogFiles.write(fd, buffer, offset, Math.floor(length / 2));
  }
  sync(fd: number): Promise<void> {
    return nodeLogFiles.sync(fd);
  }
  syncFolder(folder: string): Promise<void> {
    return nodeLogFiles.syncFolder(folder);
  }
  async truncate(fd: number, size: number): Promise<void> {
    if (this.keepTorn) throw Object.assign(new Error('EIO: i/o error, ftruncate'), { code: 'EIO' });
    return nodeLogFiles.truncate(fd, size);
  }
}

const append = (id: string, dependsOn: string[] = []) => ({
  id,
  title: `Log ${id}`,
  tool: 'appendFile',
  args: { path: 'log.txt', content: `${id} ran\n` },
  dependsOn,
  postcondition: { kind: 'fileContains', path: 'log.txt', text: `${id} ran` },
});

const PLAN = { version: 1, goal: 'Log twice', steps: [append('E1'), append('E2', ['E1'])] };

describe('planwright run / resume when the disk fills while the journal is written', () => {
  let dir: string;
  let journal: string;
  const runArgs = () => ['run', 'log.plan.json', '--workspace', 'ws', '--approve', 'all', '--journal', journal, '--json'];
  beforeEach(async () => {
    dir = await makeTempDir();
    journal = path.join(dir, 'run.journal.jsonl');
    await mkdir(path.join(dir, 'ws'));
    await writeFile(path.join(dir, 'log.plan.json'), JSON.stringify(PLAN));
  });
  afterEach(() => removeTempDir(dir));

  const run = (files?: LogFiles) => createRunPlanCommand(() => ({}), files);
  const resume = (files?: LogFiles) => createResumeCommand(() => ({}), files);
  const log = () => readFile(path.join(dir, 'ws', 'log.txt'), 'utf8').catch(() => '');

  it('stops before a step whose start record falls short, naming the journal; resume runs each append once', async () => {
    const full = await invoke(run(new DiskFillsAt('"stepId":"E2","event":"start"')), runArgs().slice(1), dir);
    assert.equal(full.code, 1, full.stderr);
    assert.equal(full.stderr, `planwright: the run stopped: the journal could not be written: ${journal}: ENOSPC: no space left on device, write\n`);
    assert.equal(await log(), 'E1 ran\n', 'E2 never started');
    const kept = await readFile(journal, 'utf8');
    assert.ok(kept.endsWith('\n') && !kept.includes('"stepId":"E2","event":"start"'), 'no part of the failed commit is left');

    const resumed = await invoke(resume(), ['--journal', journal, '--json'], dir);
    assert.equal(resumed.code, 0, resumed.stderr);
    const report = JSON.parse(resumed.stdout) as { status: string; steps: { id: string; status: string; attempts: number }[] };
    assert.equal(report.status, 'succeeded');
    assert.deepEqual(report.steps.map((step) => `${step.id}:${step.status}:${step.attempts}`), ['E1:succeeded:1', 'E2:succeeded:1']);
    assert.equal(await log(), 'E1 ran\nE2 ran\n', 'no append ran twice');
  });

  it('after a torn first record: resume explains that nothing ran, and run starts the journal afresh', async () => {
    const full = await invoke(run(new DiskFillsAt('"type":"runStarted"', true)), runArgs().slice(1), dir);
    assert.equal(full.code, 1, full.stderr);
    assert.match(full.stderr, /the journal could not be written: .*run\.journal\.jsonl: ENOSPC/);
    const torn = await readFile(journal, 'utf8');
    assert.ok(torn.length > 0 && !torn.includes('\n'), 'the torn first line is still there');
    assert.equal(await log(), '', 'nothing ran');

    const resumed = await invoke(resume(), ['--journal', journal], dir);
    assert.equal(resumed.code, 2);
    assert.equal(
      resumed.stderr,
      `planwright resume: ${journal} holds no whole record: the run stopped while writing its first one, so nothing ran. Start it again with planwright run PLAN --journal ${journal}\n`,
    );

    const again = await invoke(run(), runArgs().slice(1), dir);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(JSON.parse(again.stdout).status, 'succeeded');
    assert.equal(await log(), 'E1 ran\nE2 ran\n');
    const records = (await readFile(journal, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string });
    assert.equal(records[0]?.type, 'runStarted', 'the torn line was cut off before the new run wrote');
  });

  it('still refuses to start over a journal that holds a whole record', async () => {
    const first = await invoke(run(), runArgs().slice(1), dir);
    assert.equal(first.code, 0, first.stderr);
    const size = (await stat(journal)).size;
    const second = await invoke(run(), runArgs().slice(1), dir);
    assert.equal(second.code, 2);
    assert.match(second.stderr, /a journal already exists at .*: resume it/);
    assert.equal((await stat(journal)).size, size);
  });
});
