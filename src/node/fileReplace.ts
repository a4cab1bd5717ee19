// Replacing a whole file, the one way the Node workspace and the VS Code workspace's file: folders do it:
// the new text goes to a temp file in the same folder and is renamed over the target, so a crash leaves the
// old content or the new, never half of each. The conditional replace also checks, under the per-file write
// lock (writeLock.ts), that the file still holds what the caller read, and after the rename carries over
// text another process appended to the old file since that read (an append changes no byte that was seen).
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { appendFile, chmod, link, mkdir, open, rename, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { FileChangedError, FileRefusedError } from '../core/errors';
import { errorCode } from './errorCode';
import { refusedAs, requireRegular } from './fileReading';
import { holdWriteLock } from './writeLock';

/** What is at `target` (a link followed), or `undefined` when nothing is. */
export async function statOrUndefined(target: string, path: string): Promise<Stats | undefined> {
  try {
    return await stat(target);
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
    throw refusedAs(error, path);
  }
}

/** Replaces (or creates) the regular file at `target` with `content`. */
export async function replaceFile(target: string, path: string, content: string): Promise<void> {
  const existing = await statOrUndefined(target, path);
  if (existing) requireRegular(existing, path);
  const temp = await writeBeside(target, path, content, existing);
  await settled(temp, path, () => rename(temp, target));
}

/**
 * Replaces the file at `target` with `content` only while it holds `seen` (null: absent), followed at most by
 * text appended since, which is carried over to the end of `content`; otherwise fails with `FileChangedError`,
 * having written nothing.
 */
export async function replaceIfUnchanged(target: string, path: string, seen: string | null, content: string): Promise<void> {
  const existing = await statOrUndefined(target, path);
  if (existing) requireRegular(existing, path);
  if (seen === null && existing) throw new FileChangedError(path);
  if (seen !== null && !existing) throw new FileChangedError(path);
  const temp = await writeBeside(target, path, content, existing);
  const release = await holdWriteLock(target, path).catch(async (error: unknown) => {
    await unlink(temp).catch(() => undefined);
    throw refusedAs(error, path);
  });
  try {
    if (seen === null) {
      // link() refuses an existing name, so creating where nothing was leaves no window at all.
      await settled(temp, path, () => linkNew(temp, target, path));
      await unlink(temp).catch(() => undefined);
      return;
    }
    await settled(temp, path, () => renameOver(temp, target, path, Buffer.from(seen, 'utf8')));
  } finally {
    await release();
  }
}

/** Creates `target` as a second name of `temp`; a file already there means the file changed. */
async function linkNew(temp: string, target: string, path: string): Promise<void> {
  try {
    await link(temp, target);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') throw new FileChangedError(path);
    throw error;
  }
}

/** Renames `temp` over `target` if it still holds `seen`, then carries over what was appended meanwhile. */
async function renameOver(temp: string, target: string, path: string, seen: Buffer): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await open(target, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') throw new FileChangedError(path);
    throw error;
  }
  try {
    requireRegular(await handle.stat(), path);
    // Text appended since the read is not a change to what was seen: it is carried over below.
    if (!startsWith(await readFrom(handle, 0), seen)) throw new FileChangedError(path);
    await rename(temp, target);
    await carryOverAppends(handle, target, path, seen).catch((error: unknown) => {
      // Past the rename nothing is "nothing written": the failure is left untyped, so it stays ambiguous.
      throw new Error(`${path} was replaced, but text appended to it meanwhile could not be carried over: ${errorCode(error) ?? (error as Error).message}`);
    });
  } finally {
    await handle.close();
  }
}

/**
 * The old file (still open as `handle`) may have grown since it was read, up to the rename: whatever an
 * appender wrote there goes to the end of the new file. Anything else done to the old file between the
 * check and the rename cannot be carried over, and is said (untyped: the step's outcome is in doubt).
 */
async function carryOverAppends(handle: FileHandle, target: string, path: string, seen: Buffer): Promise<void> {
  if ((await handle.stat()).size === seen.length) return;
  const old = await readFrom(handle, 0);
  if (startsWith(old, seen)) {
    await appendFile(target, old.subarray(seen.length));
    return;
  }
  throw new Error(`${path} was rewritten by another process while Planwright replaced it; check its content`);
}

/** Whether `bytes` begin with `prefix`. */
function startsWith(bytes: Buffer, prefix: Buffer): boolean {
  return bytes.length >= prefix.length && bytes.subarray(0, prefix.length).equals(prefix);
}

/** The bytes of `handle` from `position` to its end. */
async function readFrom(handle: FileHandle, position: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let at = position; ; ) {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
    if (bytesRead === 0) return Buffer.concat(pieces);
    pieces.push(buffer.subarray(0, bytesRead));
    at += bytesRead;
  }
}

/** Writes `content` to a new temp file beside `target` (with `existing`'s mode) and returns its path. */
async function writeBeside(target: string, path: string, content: string, existing: Stats | undefined): Promise<string> {
  const folder = nodePath.dirname(target);
  await mkdir(folder, { recursive: true }).catch((error: unknown) => {
    throw refusedAs(error, path);
  });
  // A short fixed-length name: one built from the target's name would push a 255-byte name over the limit.
  const temp = nodePath.join(folder, `.planwright-${randomBytes(6).toString('hex')}.tmp`);
  await settled(temp, path, async () => {
    await writeFile(temp, content, { encoding: 'utf8', flag: 'wx' });
    if (existing) await chmod(temp, existing.mode & 0o7777);
  });
  return temp;
}

/** Runs `step`; when it fails, removes `temp` and types the failure: the target is untouched. */
async function settled(temp: string, path: string, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    if (error instanceof FileChangedError || error instanceof FileRefusedError) throw error;
    // The temp file is gone and the target untouched: a full disk changed nothing either.
    const code = errorCode(error);
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new FileRefusedError(path, 'noSpace', 'no space left on the device; nothing was written');
    throw refusedAs(error, path);
  }
}
