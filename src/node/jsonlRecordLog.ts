// A RecordLog over a JSON-lines file: each append is one line, written and fsync'd before the promise
// resolves, so a record the caller saw succeed survives a crash. Every line the log writes ends with a
// newline, so a last line without one was torn by a crash mid-append: it is skipped with a warning when
// the file is read back, and cut off before the next append so it cannot glue onto a new record.
import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RecordLog } from '../core/ports';

/** A line before the last one is not JSON: the file was edited or damaged, not torn by a crash. */
export class CorruptRecordLogError extends Error {
  readonly reason = 'corruptRecordLog';
  constructor(
    readonly path: string,
    readonly line: number,
  ) {
    super(`${path}:${line}: the file is corrupt (a line before the last one is not JSON)`);
    this.name = 'CorruptRecordLogError';
  }
}

/** Bytes read at a time while looking backwards for the end of the last whole line. */
const TAIL_CHUNK_BYTES = 64 * 1024;

/** Appends JSON records to `path`, one per line, durably unless `durable` is false. */
export class JsonlRecordLog implements RecordLog {
  private fd: number | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly durable = true,
  ) {}

  append(record: unknown): Promise<void> {
    const line = `${JSON.stringify(record)}\n`;
    // Appends are serialised so lines never interleave, and each one is on disk before the next starts.
    const next = this.queue.then(() => this.writeLine(line));
    this.queue = next.catch(() => undefined);
    return next;
  }

  async readAll(onWarning?: (message: string) => void): Promise<readonly unknown[]> {
    await this.queue;
    if (!existsSync(this.path)) return [];
    const lines = readFileSync(this.path, 'utf8').split('\n');
    // After the last newline: '' for a whole file, otherwise what a crash left of the last append.
    const torn = lines.pop() ?? '';
    if (torn.trim() !== '') onWarning?.(`${this.path}:${lines.length + 1}: ignored a torn last line (the process stopped while writing it)`);
    const records: unknown[] = [];
    lines.forEach((line, index) => {
      if (line.trim() === '') return;
      try {
        records.push(JSON.parse(line));
      } catch {
        throw new CorruptRecordLogError(this.path, index + 1);
      }
    });
    return records;
  }

  /** Closes the file; later appends reopen it. */
  async close(): Promise<void> {
    await this.queue;
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private writeLine(line: string): void {
    if (this.fd === undefined) this.open();
    writeSync(this.fd!, line);
    if (this.durable) fsyncSync(this.fd!);
  }

  private open(): void {
    const folder = dirname(this.path);
    mkdirSync(folder, { recursive: true });
    const created = !existsSync(this.path);
    this.fd = openSync(this.path, 'a+');
    // A new file is only durable once its folder entry is: fsync the folder too.
    if (created && this.durable) syncFolder(folder);
    this.cutTornTail(this.fd);
  }

  /** Truncates the file after its last newline; the torn line was never acknowledged to anyone. */
  private cutTornTail(fd: number): void {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(TAIL_CHUNK_BYTES, size));
    for (let end = size; end > 0; end -= buffer.length) {
      const start = Math.max(0, end - buffer.length);
      const length = end - start;
      readSync(fd, buffer, 0, length, start);
      const newline = buffer.subarray(0, length).lastIndexOf(0x0a);
      if (newline === length - 1 && end === size) return;
      if (newline !== -1) {
        ftruncateSync(fd, start + newline + 1);
        return;
      }
    }
    if (size > 0) ftruncateSync(fd, 0);
  }
}

function syncFolder(folder: string): void {
  try {
    const fd = openSync(folder, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some platforms (Windows) cannot open or fsync a folder; the file itself is still fsync'd.
  }
}
