// Notices when a record log's file was changed by anything but the log itself. No path check can stop a
// `runCommand` step's shell from writing the run's own journal, so the writer checks before each commit
// that the file is still exactly what it wrote: the same file at the same path (inode), the size it left,
// the timestamps it left, and the last bytes it wrote. Any append, truncation, replacement, rename or
// deletion is caught, and so is any rewrite after the file system's clock ticked (its timestamps are
// kernel ticks, a few milliseconds); only a same-size rewrite of earlier bytes within that tick could pass.
// Reading the whole file back before every commit would catch that too, at a cost that grows with the run.
// Because the writer also keeps every byte it wrote, a changed file can be put aside and the log's own
// records written back, so nothing already recorded is lost and `resume` can read the journal.
import { closeSync, existsSync, fstatSync, fsyncSync, openSync, readSync, renameSync, statSync, writeSync, type BigIntStats } from 'node:fs';

/** Bytes of the end of the file compared with what was written. */
const TAIL_BYTES = 4096;

/** What the file looked like right after the log's last commit. */
interface Identity {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly size: bigint;
  readonly mtimeNs: bigint;
  readonly ctimeNs: bigint;
}

/** The bytes a log wrote and the file as it left it. */
export class RecordLogGuard {
  private readonly chunks: Buffer[] = [];
  private tail = Buffer.alloc(0);
  private identity: Identity | undefined;

  constructor(private readonly path: string) {}

  /** Records that `bytes` are now at the end of the file open as `fd` (its existing content on open, then each commit). */
  wrote(fd: number, bytes: Buffer): void {
    if (bytes.length > 0) {
      this.chunks.push(bytes);
      this.tail = Buffer.concat([this.tail, bytes]).subarray(-TAIL_BYTES);
    }
    this.identity = identityOf(fstatSync(fd, { bigint: true }));
  }

  /** What changed in the file open as `fd` since the last `wrote`, or `undefined` when nothing did. */
  change(fd: number): string | undefined {
    const before = this.identity;
    if (!before) return undefined;
    const atPath = statSync(this.path, { bigint: true, throwIfNoEntry: false });
    if (!atPath) return 'it was deleted or renamed';
    if (atPath.ino !== before.ino || atPath.dev !== before.dev) return 'it was replaced by another file';
    // The same inode as the open file (`fd` keeps it alive, so its number is not reused): no fstat of `fd` needed.
    if (atPath.size !== before.size) return `its size went from ${before.size} to ${atPath.size} bytes`;
    if (atPath.mtimeNs !== before.mtimeNs || atPath.ctimeNs !== before.ctimeNs) return 'it was rewritten in place';
    const tail = Buffer.alloc(this.tail.length);
    readSync(fd, tail, 0, tail.length, Number(atPath.size) - tail.length);
    if (!tail.equals(this.tail)) return 'its last records were rewritten';
    return undefined;
  }

  /**
   * Moves whatever is at the path aside (its name is returned) and writes the log's own bytes back in
   * its place, synced. Throws when that fails; the caller then reports the change without the restore.
   */
  restore(): string {
    const keptAs = freeName(`${this.path}.changed`);
    if (existsSync(this.path)) renameSync(this.path, keptAs);
    const fd = openSync(this.path, 'wx');
    try {
      for (const chunk of this.chunks) for (let offset = 0; offset < chunk.length; ) offset += writeSync(fd, chunk, offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    return keptAs;
  }
}

function identityOf(stats: BigIntStats): Identity {
  return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs };
}

/** `name`, or `name-2`, `name-3`, ... : the first that does not exist. */
function freeName(name: string): string {
  if (!existsSync(name)) return name;
  for (let n = 2; ; n++) if (!existsSync(`${name}-${n}`)) return `${name}-${n}`;
}
