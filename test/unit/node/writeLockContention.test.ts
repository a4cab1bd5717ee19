// The per-file write lock under contention: many holders in turn, each a read-modify-write of one counter file
// that yields between its read and its write. A lock released while a waiter looks at it must not make that
// waiter remove the next holder's lock: every increment lands.
import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { holdWriteLock } from '../../../src/node/writeLock';
import { makeTempDir, removeTempDir } from '../support/tempDir';

const HOLDERS = 8;
const TURNS = 40;

describe('the per-file write lock under contention', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  it('lets one holder in at a time: no increment of a shared counter is lost', async () => {
    const counter = path.join(dir, 'counter.txt');
    await writeFile(counter, '0');
    const holder = async () => {
      for (let turn = 0; turn < TURNS; turn++) {
        const release = await holdWriteLock(counter, 'counter.txt');
        try {
          const value = Number(await readFile(counter, 'utf8'));
          await new Promise((resolve) => setImmediate(resolve));
          await writeFile(counter, String(value + 1));
        } finally {
          await release();
        }
      }
    };
    await Promise.all(Array.from({ length: HOLDERS }, holder));
    assert.equal(Number(await readFile(counter, 'utf8')), HOLDERS * TURNS);
  });
});
