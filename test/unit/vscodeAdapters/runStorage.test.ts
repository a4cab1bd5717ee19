// Where the editor keeps runs: one journal and one trace per run under the storage folder, named by a run
// id that sorts by start time, and the latest run found by name (by its journal's start among runs of the same second).
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { RunStorage } from '../../../src/vscode/run/runStorage';
import { makeTempDir } from '../support/tempDir';

describe('RunStorage', () => {
  it('puts a run under runs/ of the workspace storage, or of global storage without a folder', () => {
    assert.equal(RunStorage.forContext({ storageUri: { fsPath: '/s/ws' } as never, globalStorageUri: { fsPath: '/s/global' } as never }).folder, path.join('/s/ws', 'runs'));
    assert.equal(RunStorage.forContext({ storageUri: undefined, globalStorageUri: { fsPath: '/s/global' } as never }).folder, path.join('/s/global', 'runs'));
  });

  it('names a run by its start time, journal and trace side by side', () => {
    const files = new RunStorage('/runs').create(new Date('2026-01-02T03:04:05Z'));
    assert.match(files.runId, /^20260102-030405-[0-9a-f]{4}$/);
    assert.equal(files.journalPath, path.join('/runs', `${files.runId}.journal.jsonl`));
    assert.equal(files.tracePath, path.join('/runs', `${files.runId}.trace.jsonl`));
  });

  it('finds the latest run by name, and none in an empty or missing folder', async () => {
    const folder = await makeTempDir();
    const storage = new RunStorage(path.join(folder, 'runs'));
    assert.equal(await storage.latest(), undefined);
    mkdirSync(storage.folder);
    for (const name of ['20260101-000000-aaaa.journal.jsonl', '20260301-000000-cccc.trace.jsonl', '20260201-000000-bbbb.journal.jsonl']) {
      writeFileSync(path.join(storage.folder, name), '');
    }
    assert.equal(await storage.latest(), '20260201-000000-bbbb');
  });

  it('of runs started in the same second, takes the one whose journal says it started last, whatever its id\'s random part', async () => {
    const folder = await makeTempDir();
    const storage = new RunStorage(folder);
    const started = (at: number) => `${JSON.stringify({ type: 'runStarted', runId: 'r', at, plan: {}, options: {} })}\n${JSON.stringify({ type: 'runStatus', at: at + 5_000, status: 'running' })}\n`;
    writeFileSync(path.join(folder, '20260101-000000-ffff.journal.jsonl'), started(1_000));
    writeFileSync(path.join(folder, '20260101-000000-0001.journal.jsonl'), started(1_400));
    writeFileSync(path.join(folder, '20251231-235959-ffff.journal.jsonl'), started(900));
    assert.equal(await storage.latest(), '20260101-000000-0001');
    writeFileSync(path.join(folder, '20260101-000000-8000.journal.jsonl'), 'not a journal\n');
    assert.equal(await storage.latest(), '20260101-000000-0001', 'a journal that cannot be read counts as the earliest');
  });

  it('does not take a sub-plan child run, journalled beside its parent, for the latest run', async () => {
    const folder = await makeTempDir();
    const storage = new RunStorage(folder);
    for (const name of ['20260101-000000-aaaa.journal.jsonl', '20260101-000000-aaaa.E2-0badf00d.journal.jsonl', '20260101-000000-aaaa.E2-0badf00d.E1-12345678.journal.jsonl']) {
      writeFileSync(path.join(folder, name), '');
    }
    assert.equal(await storage.latest(), '20260101-000000-aaaa');
  });
});
