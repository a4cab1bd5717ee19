// A byte buffer that keeps only the last `maxBytes` of a command's combined output: the end of a log
// (the failing test, the final error) is what a reader needs, and memory stays bounded however much
// a process prints.

/** Collects chunks and keeps the tail; `text()` marks how much was dropped. */
export class OutputTail {
  private chunks: Buffer[] = [];
  private kept = 0;
  private dropped = 0;

  /** `maxBytes` of output are kept at most (the marker comes on top). */
  constructor(private readonly maxBytes: number) {}

  /** Adds a chunk, dropping the oldest bytes beyond the cap. */
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.kept += chunk.length;
    while (this.kept > this.maxBytes && this.chunks.length > 0) {
      const first = this.chunks[0]!;
      const excess = this.kept - this.maxBytes;
      if (first.length <= excess) {
        this.chunks.shift();
        this.kept -= first.length;
        this.dropped += first.length;
      } else {
        this.chunks[0] = first.subarray(excess);
        this.kept -= excess;
        this.dropped += excess;
      }
    }
  }

  /** True when some output was dropped. */
  get truncated(): boolean {
    return this.dropped > 0;
  }

  /** The kept output as UTF-8, prefixed with a marker when the head was dropped. */
  text(): string {
    let bytes = Buffer.concat(this.chunks);
    let dropped = this.dropped;
    // Start on a character boundary: skip UTF-8 continuation bytes left by the cut.
    let start = 0;
    while (dropped > 0 && start < bytes.length && start < 3 && (bytes[start]! & 0xc0) === 0x80) start++;
    bytes = bytes.subarray(start);
    dropped += start;
    const body = bytes.toString('utf8');
    return dropped > 0 ? `[planwright: ${dropped} earlier bytes of output dropped]\n${body}` : body;
  }
}
