// Group commit in the JSON-lines record log, counted on a spy over the real file system: what is queued
// in one turn shares one write and one sync, a flush waits for what was queued before it, a short write
// is finished before anything counts, and a failed write or sync rejects every waiter of its commit and
// leaves none of its records in the file. A file the log creates counts only once its folder is synced too.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { JsonlRecordLog, RecordLogBrokenError } from '../../../src/node/jsonlRecordLog';
import { SpyFiles } from '../support/spyFiles';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('JsonlRecordLog group commit', () => {
  let dir: string;
  let file: string;
  let files: SpyFiles;
  let log: JsonlRecordLog;
  beforeEach(async () => {
    dir = await makeTempDir();
    file = path.join(dir, 'j.jsonl');
    files = new SpyFiles();
    log = new JsonlRecordLog(file, true, files);
  });
  afterEach(async () => {
    await log.close();
    await removeTempDir(dir);
  });

  it('writes and syncs every record queued in one turn together, once', async () => {
    const appended = [1, 2, 3, 4, 5].map((n) => log.append({ n }));
    const flushed = log.flush();
    await Promise.all([...appended, flushed]);
    assert.deepEqual([files.writes.length, files.syncs], [1, 1]);
    assert.equal(await readFile(file, 'utf8'), '{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n{"n":5}\n');
  });

  it('queues what arrives during a commit for the next one, and a flush waits for it', async () => {
    const first = log.append({ n: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    // The first commit is in progress: these two share the second.
    const second = [log.append({ n: 2 }), log.append({ n: 3 })];
    await log.flush();
    assert.equal(files.syncs, 2);
    await Promise.all([first, ...second]);
    assert.deepEqual(files.writes.length, 2);
    assert.deepEqual(await log.readAll(), [{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('resolves a flush at once when nothing is queued, without a sync', async () => {
    await log.flush();
    assert.equal(files.syncs, 0);
  });

  it('finishes a short write before the records count, and syncs once', async () => {
    files.maxBytesPerWrite = 5;
    await Promise.all([log.append({ n: 1 }), log.append({ text: 'hello world' })]);
    assert.ok(files.writes.length > 2, `${files.writes.length} write calls`);
    assert.equal(files.syncs, 1);
    assert.equal(await readFile(file, 'utf8'), '{"n":1}\n{"text":"hello world"}\n');
  });

  it('rejects every waiter of a commit whose sync fails, cuts its records off, and carries on after it', async () => {
    await log.append({ n: 1 });
    files.failSync = new Error('EIO: sync failed');
    const results = await Promise.allSettled([log.append({ n: 2 }), log.append({ n: 3 }), log.flush()]);
    assert.deepEqual(results.map((result) => result.status), ['rejected', 'rejected', 'rejected']);
    assert.equal(await readFile(file, 'utf8'), '{"n":1}\n');
    files.failSync = undefined;
    await log.append({ n: 4 });
    assert.deepEqual(await log.readAll(), [{ n: 1 }, { n: 4 }]);
  });

  it('does not count a record whose write ran out of space part way, and leaves no part of it behind', async () => {
    await log.append({ n: 1 });
    files.maxBytesPerWrite = 4;
    files.failWriteAfterBytes = 6;
    const results = await Promise.allSettled([log.append({ n: 2 }), log.flush()]);
    assert.deepEqual(results.map((result) => result.status), ['rejected', 'rejected']);
    assert.equal(files.syncs, 1, 'no sync after the failed write');
    assert.equal(await readFile(file, 'utf8'), '{"n":1}\n');
  });

  it('refuses every later append when the file cannot be cut back after a failed commit', async () => {
    await log.append({ n: 1 });
    files.failSync = new Error('EIO: sync failed');
    files.failTruncate = true;
    await assert.rejects(log.append({ n: 2 }), /EIO/);
    await assert.rejects(log.append({ n: 3 }), (error: unknown) => error instanceof RecordLogBrokenError);
    await assert.rejects(log.flush(), (error: unknown) => error instanceof RecordLogBrokenError);
  });

  it('writes but does not sync a log that is not durable, nor the folder of the file it creates', async () => {
    const trace = new JsonlRecordLog(path.join(dir, 't.jsonl'), false, files);
    await Promise.all([trace.append({ n: 1 }), trace.append({ n: 2 })]);
    await trace.close();
    assert.deepEqual([files.writes.length, files.syncs], [1, 0]);
    assert.deepEqual(files.events, ['write']);
  });

  it('syncs the folder of a file it creates beside its first commit, which counts only once both are synced', async () => {
    await log.append({ n: 1 }).then(() => files.events.push('acknowledged'));
    const first = files.events.splice(0);
    assert.equal(first.at(-1), 'acknowledged');
    assert.deepEqual([...first].sort(), ['acknowledged', 'folderSynced', 'sync', 'syncFolder', 'synced', 'write']);
    assert.ok(first.indexOf('write') < first.indexOf('sync'), first.join(', '));
    await log.append({ n: 2 });
    assert.deepEqual(files.events, ['write', 'sync', 'synced'], 'the folder is synced once');
  });

  it('syncs the folder again when the commit that would have synced it failed', async () => {
    files.failSync = new Error('EIO: sync failed');
    await assert.rejects(log.append({ n: 1 }), /EIO/);
    files.failSync = undefined;
    files.events.splice(0);
    await log.append({ n: 2 });
    assert.ok(files.events.includes('folderSynced'), files.events.join(', '));
  });

  it('does not sync the folder of a file that was already there', async () => {
    await log.append({ n: 1 });
    await log.close();
    const again = new SpyFiles();
    const reopened = new JsonlRecordLog(file, true, again);
    await reopened.append({ n: 2 });
    await reopened.close();
    assert.deepEqual(again.events, ['write', 'sync', 'synced']);
    assert.deepEqual(await reopened.readAll(), [{ n: 1 }, { n: 2 }]);
  });
});
