// A RecordLog over a JSON-lines file: each append is one line, written and fsync'd before the promise
// resolves, so a record the caller saw succeed survives a crash. A torn last line (a crash mid-append)
// is skipped with a warning when the file is read back.
import { closeSync, existsSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RecordLog } from '../core/ports';

/** Appends JSON records to `path`, one per line, durably. */
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
    const text = readFileSync(this.path, 'utf8');
    const lines = text.split('\n');
    const records: unknown[] = [];
    lines.forEach((line, index) => {
      if (line.trim() === '') return;
      try {
        records.push(JSON.parse(line));
      } catch {
        const isLast = lines.slice(index + 1).every((rest) => rest.trim() === '');
        if (!isLast) throw new Error(`${this.path}:${index + 1}: the journal is corrupt (a line in the middle is not JSON)`);
        onWarning?.(`${this.path}:${index + 1}: ignored a torn last line (the process stopped while writing it)`);
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
    if (this.fd === undefined) {
      mkdirSync(dirname(this.path), { recursive: true });
      this.fd = openSync(this.path, 'a');
      this.healTornTail();
    }
    writeSync(this.fd, line);
    if (this.durable) fsyncSync(this.fd);
  }

  /**
   * A torn last line left by a crash would glue onto the next record: cut it off. It was never
   * acknowledged to anyone, so nothing that happened is lost.
   */
  private healTornTail(): void {
    if (this.fd === undefined) return;
    const bytes = readFileSync(this.path);
    if (bytes.length === 0 || bytes[bytes.length - 1] === 0x0a) return;
    ftruncateSync(this.fd, bytes.lastIndexOf(0x0a) + 1);
  }
}
