// Reading workspace files without surprises. The type is checked before a file is opened (opening a FIFO
// blocks until a writer comes, a device can be read forever) and again on the open handle, which is
// opened non-blocking so a FIFO swapped in between cannot hang either; the size is checked before a byte
// is read, and bytes become text only when they are UTF-8: anything else is a typed refusal naming the
// path. Shared by the Node and the VS Code (file:) workspaces, so both refuse alike.
import { createHash } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { BinaryFileError, FileNotFoundError, FileRefusedError, FileTooLargeError, NotAFileError } from '../core/errors';
import type { FileStat } from '../core/ports';
import { errorCode } from './errorCode';

/** Bytes per piece of a chunked read. */
const CHUNK_BYTES = 64 * 1024;
/** Flags that make open() return at once on a FIFO or a terminal instead of waiting or adopting it. */
const NON_BLOCKING = (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** The port's name for what `stats` describes. */
export function fileTypeOf(stats: Stats): FileStat['type'] {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'fifo';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'device';
  return 'other';
}

/** The port's stat of `stats`: read-only when no write permission bit is set, as `chmod a-w` leaves a file. */
export function fileStatOf(stats: Stats): FileStat {
  return { type: fileTypeOf(stats), size: stats.size, readOnly: (stats.mode & 0o222) === 0 };
}

/**
 * A Node error as the port's typed error when it proves the call had no effect: nothing there, permission
 * denied, name too long, read-only file system, no space (every call this wraps — open, mkdir, link, rename,
 * unlink, stat — either takes effect whole or fails). Other errors pass through (and stay ambiguous).
 */
export function refusedAs(error: unknown, path: string): unknown {
  switch (errorCode(error)) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new FileNotFoundError(path);
    case 'EACCES':
    case 'EPERM':
      return new FileRefusedError(path, 'permissionDenied', 'permission denied');
    case 'ENAMETOOLONG':
      return new FileRefusedError(path, 'nameTooLong', 'the name is too long for the file system');
    case 'EROFS':
      return new FileRefusedError(path, 'readOnlyFileSystem', 'the file system is read-only');
    case 'ENOSPC':
    case 'EDQUOT':
      return new FileRefusedError(path, 'noSpace', 'no space left on the device');
    default:
      return error;
  }
}

/** Fails with `NotAFileError` unless `stats` is a regular file. */
export function requireRegular(stats: Stats, path: string): void {
  const type = fileTypeOf(stats);
  if (type !== 'file') throw new NotAFileError(path, type);
}

/** Opens the regular file at `real` for reading, checking its type before and after the open. */
async function openRegular(real: string, path: string, maxBytes?: number): Promise<FileHandle> {
  const before = await stat(real).catch((error: unknown) => {
    throw refusedAs(error, path);
  });
  requireRegular(before, path);
  if (maxBytes !== undefined && before.size > maxBytes) throw new FileTooLargeError(path, before.size, maxBytes);
  const handle = await open(real, constants.O_RDONLY | NON_BLOCKING).catch((error: unknown) => {
    throw refusedAs(error, path);
  });
  try {
    requireRegular(await handle.stat(), path);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The text of the regular file at `real` (`path` names it in errors), at most `maxBytes` of it. */
export async function readRegularFile(real: string, path: string, maxBytes: number): Promise<string> {
  const handle = await openRegular(real, path, maxBytes);
  try {
    let buffer = Buffer.alloc(Math.min((await handle.stat()).size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        // The file grew since its stat: keep reading, but never past the limit.
        if (length > maxBytes) throw new FileTooLargeError(path, length, maxBytes);
        const grown = Buffer.alloc(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(grown);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) throw new FileTooLargeError(path, length, maxBytes);
    return decodeText(buffer.subarray(0, length), path);
  } finally {
    await handle.close();
  }
}

/** The regular file at `real` as text in pieces; invalid UTF-8 becomes U+FFFD rather than a refusal. */
export async function* readRegularChunks(real: string, path: string): AsyncGenerator<string> {
  const handle = await openRegular(real, path);
  try {
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    const buffer = Buffer.alloc(CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      yield decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
    }
    const rest = decoder.decode();
    if (rest.length > 0) yield rest;
  } finally {
    await handle.close();
  }
}

/**
 * `bytes` as text, or `BinaryFileError` with their size and digest when they hold a NUL byte or are not
 * valid UTF-8 (so a rewrite could not give the same bytes back). A byte order mark is kept, as Node keeps it.
 */
export function decodeText(bytes: Uint8Array, path: string): string {
  if (!bytes.includes(0)) {
    try {
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      // Not UTF-8: binary, below.
    }
  }
  throw new BinaryFileError(path, bytes.length, createHash('sha256').update(bytes).digest('hex'));
}
