// A RecordLog over a JSON-lines file, with group commit: appends queue in memory, and everything queued in
// one turn of the event loop goes to the file in one write followed by one sync (fdatasync). Appends that
// arrive while a commit is in progress wait for the next one, so parallel writers share a sync instead of
// taking turns, and `flush` is a barrier that waits for the commit of everything queued before it. A record counts only once all its
// bytes are written and synced: a failed or short write rejects every waiter of its commit and cuts the
// file back to where the commit began. Every line ends with a newline, so a last line without one was torn
// by a crash mid-append: it is skipped with a warning when the file is read back, and cut off before the
// next append so it cannot glue onto a new record. Before each commit the file must still be what the log
// left (recordLogGuard.ts): a file changed by anything else stops the log, with its records written back.
// A file the log creates counts only once its folder entry is synced too: that sync runs beside the first
// commit's, which waits for both, so the process never blocks on it.
import { close, closeSync, existsSync, fdatasync, fstatSync, fsync, ftruncate, ftruncateSync, mkdirSync, open, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { RecordLogChangedError } from '../core/errors';
import type { RecordLog } from '../core/ports';
import { RecordLogGuard } from './recordLogGuard';

/** The file operations a commit makes, injectable so a test can count syncs or make a write fail or fall short. */
export interface LogFiles {
  /** Writes up to `length` bytes of `buffer` from `offset` at the end of the file; the count written. */
  write(fd: number, buffer: Buffer, offset: number, length: number): Promise<number>;
  /** Makes what was written durable. */
  sync(fd: number): Promise<void>;
  truncate(fd: number, size: number): Promise<void>;
  /** Makes the entries of `folder` durable (a file created in it); a platform that cannot says nothing. */
  syncFolder(folder: string): Promise<void>;
}

/**
 * Node's file system. fdatasync is enough for an append-only file: it syncs the size with the data. The
 * write is made on the calling thread: an append lands in the page cache in microseconds, where a
 * round trip through libuv's thread pool costs a thread's and the event loop's wake-up, which on a busy
 * machine was a larger part of a commit than the write. The sync, which waits for the disk, stays off it.
 */
export const nodeLogFiles: LogFiles = {
  write: async (fd, buffer, offset, length) => writeSync(fd, buffer, offset, length),
  sync: (fd) => new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve()))),
  truncate: (fd, size) => new Promise((resolve, reject) => ftruncate(fd, size, (error) => (error ? reject(error) : resolve()))),
  syncFolder,
};

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

/** A commit failed and the file could not be cut back to its last durable record: nothing more may be added. */
export class RecordLogBrokenError extends Error {
  readonly reason = 'recordLogBroken';
  constructor(
    readonly path: string,
    readonly cause: unknown,
  ) {
    super(`${path}: a write failed and the file could not be restored, so no more records are written to it`);
    this.name = 'RecordLogBrokenError';
  }
}

/** Bytes read at a time while looking backwards for the end of the last whole line. */
const TAIL_CHUNK_BYTES = 64 * 1024;

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/** Lines not yet committed, and everyone waiting for them. */
interface Batch {
  lines: string[];
  waiters: Waiter[];
}

/** Appends JSON records to `path`, one per line, synced unless `durable` is false; `files` is the file system. */
export class JsonlRecordLog implements RecordLog {
  private fd: number | undefined;
  /** The file's size after the last successful commit: where a failed commit is cut back to. */
  private committedSize = 0;
  /** What appends queue into. */
  private open = emptyBatch();
  /** The batch being written and synced, if any. */
  private inFlight: Batch | undefined;
  private scheduled: NodeJS.Immediate | undefined;
  private broken: RecordLogBrokenError | RecordLogChangedError | undefined;
  /** The bytes this log wrote and the file as it left it. */
  private guard: RecordLogGuard;
  /** The folder of a file this log created, until a commit has synced its entry. */
  private unsyncedFolder: string | undefined;

  constructor(
    readonly path: string,
    private readonly durable = true,
    private readonly files: LogFiles = nodeLogFiles,
  ) {
    this.guard = new RecordLogGuard(path);
  }

  append(record: unknown): Promise<void> {
    const line = `${JSON.stringify(record)}\n`;
    return new Promise((resolve, reject) => {
      if (this.broken) return reject(this.broken);
      this.open.lines.push(line);
      this.open.waiters.push({ resolve, reject });
      this.schedule();
    });
  }

  flush(): Promise<void> {
    const batch = this.open.lines.length > 0 ? this.open : this.inFlight;
    if (!batch) return this.broken ? Promise.reject(this.broken) : Promise.resolve();
    return new Promise<void>((resolve, reject) => batch.waiters.push({ resolve, reject }));
  }

  async readAll(onWarning?: (message: string) => void): Promise<readonly unknown[]> {
    await this.flush().catch(() => undefined);
    if (!existsSync(this.path)) return [];
    const lines = readFileSync(this.path, 'utf8').split('\n');
    // After the last newline: '' for a whole file, otherwise what a crash left of the last append.
    const torn = lines.pop() ?? '';
    if (torn.trim() !== '') onWarning?.(`${this.path}:${lines.length + 1}: ignored a torn last line (the process stopped while writing it)`);
    const records: unknown[] = [];
    // Every record is one line, so a blank line before the last is damage too: record n is line n.
    lines.forEach((line, index) => {
      try {
        records.push(JSON.parse(line));
      } catch {
        throw new CorruptRecordLogError(this.path, index + 1);
      }
    });
    return records;
  }

  /** Commits what is queued (a failure was already reported to its waiters), then closes the file; later appends reopen it. */
  async close(): Promise<void> {
    await this.flush().catch(() => undefined);
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  /**
   * Commits the open batch at the end of this turn of the event loop, so that every record queued in the
   * turn shares it; while a commit is in progress, the next waits for it to end.
   */
  private schedule(): void {
    if (this.inFlight || this.scheduled) return;
    this.scheduled = setImmediate(() => {
      this.scheduled = undefined;
      const batch = this.open;
      this.open = emptyBatch();
      this.inFlight = batch;
      void this.commit(batch);
    });
  }

  /**
   * One write of every line in `batch` and one sync. The batch stops being in flight before its waiters
   * hear the outcome, so a barrier they set next waits for the next commit, not for this finished one.
   */
  private async commit(batch: Batch): Promise<void> {
    let failure: { readonly error: unknown } | undefined;
    try {
      if (this.broken) throw this.broken;
      if (this.fd === undefined) this.openFile();
      const change = this.guard.change(this.fd!);
      if (change) throw this.stopChanged(change);
      const bytes = Buffer.from(batch.lines.join(''), 'utf8');
      const folder = this.unsyncedFolder;
      await Promise.all([this.writeAndSync(this.fd!, bytes), folder === undefined ? undefined : this.files.syncFolder(folder)]);
      this.unsyncedFolder = undefined;
      this.committedSize += bytes.length;
      this.guard.wrote(this.fd!, bytes);
    } catch (error) {
      failure = { error };
      if (!(error instanceof RecordLogChangedError)) await this.restore(error);
    }
    this.inFlight = undefined;
    for (const waiter of batch.waiters) {
      if (failure) waiter.reject(failure.error);
      else waiter.resolve();
    }
    if (this.open.waiters.length > 0) this.schedule();
  }

  /** Writes all of `bytes`, then syncs them if the log is durable. */
  private async writeAndSync(fd: number, bytes: Buffer): Promise<void> {
    await this.writeAll(fd, bytes);
    if (this.durable) await this.files.sync(fd);
  }

  /** Writes all of `bytes`, however many calls it takes: a short write is not a written record. */
  private async writeAll(fd: number, bytes: Buffer): Promise<void> {
    for (let offset = 0; offset < bytes.length; ) {
      const written = await this.files.write(fd, bytes, offset, bytes.length - offset);
      if (written <= 0) throw new Error(`${this.path}: the file system accepted no bytes`);
      offset += written;
    }
  }

  /** Cuts the file back to its last durable record; if that fails too, the log refuses every later append. */
  private async restore(cause: unknown): Promise<void> {
    if (this.fd === undefined) return;
    try {
      await this.files.truncate(this.fd, this.committedSize);
      this.guard.wrote(this.fd, Buffer.alloc(0));
    } catch {
      this.broken = new RecordLogBrokenError(this.path, cause);
    }
  }

  /**
   * The file was changed behind the log's back: the changed file is put aside and the log's own records
   * written back (so a resume reads what the run recorded), and the log takes no more records.
   */
  private stopChanged(change: string): RecordLogChangedError {
    let keptAs: string | undefined;
    try {
      keptAs = this.guard.restore();
    } catch {
      keptAs = undefined;
    }
    closeSync(this.fd!);
    this.fd = undefined;
    this.broken = new RecordLogChangedError(this.path, change, keptAs);
    return this.broken;
  }

  private openFile(): void {
    const folder = dirname(this.path);
    mkdirSync(folder, { recursive: true });
    const created = !existsSync(this.path);
    const fd = openSync(this.path, 'a+');
    // A new file is only durable once its folder entry is: the next commit syncs the folder too.
    if (created && this.durable) this.unsyncedFolder = folder;
    this.committedSize = cutTornTail(fd);
    this.fd = fd;
    const existing = Buffer.alloc(this.committedSize);
    for (let offset = 0, read = 1; offset < existing.length && read > 0; offset += read) read = readSync(fd, existing, offset, existing.length - offset, offset);
    this.guard = new RecordLogGuard(this.path);
    this.guard.wrote(fd, existing);
  }
}

function emptyBatch(): Batch {
  return { lines: [], waiters: [] };
}

/** Truncates the file after its last newline (the torn line was never acknowledged to anyone); the new size. */
function cutTornTail(fd: number): number {
  const size = fstatSync(fd).size;
  const buffer = Buffer.alloc(Math.min(TAIL_CHUNK_BYTES, size));
  for (let end = size; end > 0; end -= buffer.length) {
    const start = Math.max(0, end - buffer.length);
    const length = end - start;
    readSync(fd, buffer, 0, length, start);
    const newline = buffer.subarray(0, length).lastIndexOf(0x0a);
    if (newline === length - 1 && end === size) return size;
    if (newline !== -1) {
      ftruncateSync(fd, start + newline + 1);
      return start + newline + 1;
    }
  }
  if (size > 0) ftruncateSync(fd, 0);
  return 0;
}

/** fsyncs `folder`. Some platforms (Windows) cannot open or fsync a folder; the file itself is still synced. */
function syncFolder(folder: string): Promise<void> {
  return new Promise((resolve) =>
    open(folder, 'r', (opened, fd) => {
      if (opened) return resolve();
      fsync(fd, () => close(fd, () => resolve()));
    }),
  );
}
