// The JSON-lines record log on a real disk: records read back in order, a torn last line skipped with
// a warning (even one that happens to parse) and cut off before the next append, and a damaged line in
// the middle reported as corruption rather than silently dropped.
import * as assert from 'node:assert/strict';
import { appendFile, open, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { RecordLogChangedError } from '../../../src/core/errors';
import { CorruptRecordLogError, JsonlRecordLog } from '../../../src/node/jsonlRecordLog';
import { makeTempDir, removeTempDir } from '../support/tempDir';

describe('JsonlRecordLog', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  it('appends one line per record, creating folders, and reads them back in order', async () => {
    const file = path.join(dir, 'runs', 'deep', 'a.journal.jsonl');
    const log = new JsonlRecordLog(file);
    await Promise.all([log.append({ n: 1 }), log.append({ n: 2 }), log.append({ n: 3 })]);
    await log.close();
    assert.equal(await readFile(file, 'utf8'), '{"n":1}\n{"n":2}\n{"n":3}\n');
    assert.deepEqual(await new JsonlRecordLog(file).readAll(), [{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('reads a missing file as no records', async () => {
    assert.deepEqual(await new JsonlRecordLog(path.join(dir, 'none.jsonl')).readAll(), []);
  });

  it('skips a torn last line with a warning naming the file and line', async () => {
    const file = path.join(dir, 'j.jsonl');
    await writeFile(file, '{"n":1}\n{"n":2}\n{"n":3, "ha');
    const warnings: string[] = [];
    assert.deepEqual(await new JsonlRecordLog(file).readAll((warning) => warnings.push(warning)), [{ n: 1 }, { n: 2 }]);
    assert.deepEqual(warnings, [`${file}:3: ignored a torn last line (the process stopped while writing it)`]);
  });

  it('treats a last line without its newline as torn even when it parses, as the next append will cut it', async () => {
    const file = path.join(dir, 'j.jsonl');
    await writeFile(file, '{"n":1}\n{"n":2}');
    const warnings: string[] = [];
    assert.deepEqual(await new JsonlRecordLog(file).readAll((warning) => warnings.push(warning)), [{ n: 1 }]);
    assert.equal(warnings.length, 1);
  });

  it('cuts a torn last line off before the next append, so the new record stays whole', async () => {
    const file = path.join(dir, 'j.jsonl');
    await writeFile(file, '{"n":1}\n{"n":2, "torn');
    const log = new JsonlRecordLog(file);
    await log.append({ n: 3 });
    await log.close();
    assert.equal(await readFile(file, 'utf8'), '{"n":1}\n{"n":3}\n');
  });

  it('cuts a torn line longer than its read-back chunk, and a file that is nothing but a torn line', async () => {
    const file = path.join(dir, 'j.jsonl');
    await writeFile(file, `{"n":1}\n{"big":"${'x'.repeat(200_000)}`);
    const log = new JsonlRecordLog(file);
    await log.append({ n: 2 });
    await log.close();
    assert.equal(await readFile(file, 'utf8'), '{"n":1}\n{"n":2}\n');

    const only = path.join(dir, 'only.jsonl');
    await writeFile(only, '{"half');
    const other = new JsonlRecordLog(only);
    await other.append({ n: 1 });
    await other.close();
    assert.equal(await readFile(only, 'utf8'), '{"n":1}\n');
  });

  it('reports a damaged line before the last one as corruption, naming the line', async () => {
    const file = path.join(dir, 'j.jsonl');
    await writeFile(file, '{"n":1}\nnot json\n{"n":3}\n');
    await assert.rejects(new JsonlRecordLog(file).readAll(), (error: unknown) => error instanceof CorruptRecordLogError && error.line === 2);
  });

  it('keeps appending to a file another log wrote, and reads what it appended before closing', async () => {
    const file = path.join(dir, 'j.jsonl');
    await appendFile(file, '{"n":1}\n');
    const log = new JsonlRecordLog(file, false);
    await log.append({ n: 2 });
    assert.deepEqual(await log.readAll(), [{ n: 1 }, { n: 2 }]);
    await log.close();
  });
  describe('when something else changes the file between commits', () => {
    /** A log holding two records, `change` applied to its file, then a third append. */
    async function changedBy(change: (file: string) => Promise<void>): Promise<{ file: string; error: unknown; log: JsonlRecordLog }> {
      const file = path.join(dir, 'j.jsonl');
      const log = new JsonlRecordLog(file);
      await Promise.all([log.append({ n: 1 }), log.append({ n: 2 })]);
      await change(file);
      const error = await log.append({ n: 3 }).then(() => undefined, (caught: unknown) => caught);
      return { file, error, log };
    }

    it('refuses the next record, writes its own records back and keeps the changed file beside them', async () => {
      const { file, error, log } = await changedBy((file) => appendFile(file, '{"forged":true}\n'));
      assert.ok(error instanceof RecordLogChangedError, String(error));
      assert.equal(error.message, `${file} was changed by something other than Planwright (its size went from 16 to 32 bytes): the records Planwright wrote are back in ${file}, and the changed file was kept as ${file}.changed`);
      assert.equal(await readFile(file, 'utf8'), '{"n":1}\n{"n":2}\n');
      assert.equal(await readFile(`${file}.changed`, 'utf8'), '{"n":1}\n{"n":2}\n{"forged":true}\n');
      await assert.rejects(log.append({ n: 4 }), RecordLogChangedError);
      assert.deepEqual(await new JsonlRecordLog(file).readAll(), [{ n: 1 }, { n: 2 }]);
    });

    it('notices a truncation, a deletion and a same-size rewrite of the last record', async () => {
      const cut = await changedBy((file) => truncate(file, 8));
      assert.match(String(cut.error), /its size went from 16 to 8 bytes/);
      assert.equal(await readFile(cut.file, 'utf8'), '{"n":1}\n{"n":2}\n');
      await rm(dir, { recursive: true, force: true });
      dir = await makeTempDir();
      const gone = await changedBy((file) => rm(file));
      assert.match(String(gone.error), /it was deleted or renamed/);
      assert.equal(await readFile(gone.file, 'utf8'), '{"n":1}\n{"n":2}\n');
      await rm(dir, { recursive: true, force: true });
      dir = await makeTempDir();
      const rewritten = await changedBy(async (file) => {
        const handle = await open(file, 'r+');
        await handle.write('{"n":9}\n', 8);
        await handle.close();
      });
      assert.ok(rewritten.error instanceof RecordLogChangedError, String(rewritten.error));
      assert.equal(await readFile(rewritten.file, 'utf8'), '{"n":1}\n{"n":2}\n');
    });

    it('takes none of its own commits for a change', async () => {
      const file = path.join(dir, 'j.jsonl');
      const log = new JsonlRecordLog(file);
      for (let n = 1; n <= 5; n++) await log.append({ n });
      assert.deepEqual(await log.readAll(), [1, 2, 3, 4, 5].map((n) => ({ n })));
      await log.close();
    });
  });
});
