// The record log's file operations over the real file system, with every call counted and failures on
// demand: a sync that fails, a write that runs out of space part way, short writes, a truncate that fails;
// `events` lists the calls in the order they began and ended.
import { nodeLogFiles, type LogFiles } from '../../../src/node/jsonlRecordLog';

/** The node file system, with every call counted and any call replaceable. */
export class SpyFiles implements LogFiles {
  readonly writes: number[] = [];
  syncs = 0;
  /** Every call as it began (`write`, `sync`, `syncFolder`) and as it ended (`synced`, `folderSynced`). */
  readonly events: string[] = [];
  failSync: Error | undefined;
  failWriteAfterBytes: number | undefined;
  failTruncate = false;
  /** At most this many bytes per write call (a short write), when set. */
  maxBytesPerWrite: number | undefined;

  async write(fd: number, buffer: Buffer, offset: number, length: number): Promise<number> {
    const allowed = Math.min(length, this.maxBytesPerWrite ?? length, this.failWriteAfterBytes ?? length);
    if (allowed === 0) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    if (this.failWriteAfterBytes !== undefined) this.failWriteAfterBytes -= allowed;
    this.writes.push(allowed);
    this.events.push('write');
    return nodeLogFiles.write(fd, buffer, offset, allowed);
  }
  async sync(fd: number): Promise<void> {
    this.syncs++;
    this.events.push('sync');
    if (this.failSync) throw this.failSync;
    await nodeLogFiles.sync(fd);
    this.events.push('synced');
  }
  async truncate(fd: number, size: number): Promise<void> {
    if (this.failTruncate) throw new Error('truncate failed');
    return nodeLogFiles.truncate(fd, size);
  }
  async syncFolder(folder: string): Promise<void> {
    this.events.push('syncFolder');
    await nodeLogFiles.syncFolder(folder);
    this.events.push('folderSynced');
  }
}
