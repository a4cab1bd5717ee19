// Appending to a workspace file, the one way the Node workspace and the VS Code workspace's file: folders
// do it: O_APPEND, so the text goes at the end as it is at that moment and the file is never rewritten;
// text another process writes meanwhile stays where it landed.
import { constants, type Stats } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { NotAFileError } from '../core/errors';
import { errorCode } from './errorCode';
import { fileTypeOf, refusedAs, requireRegular } from './fileReading';
import { statOrUndefined } from './fileReplace';

/** Opening for append must not wait on a FIFO (O_NONBLOCK makes it fail at once) or adopt a terminal. */
const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** Appends `content` to the regular file at `target` (`path` names it in errors), creating it and its folders when missing. */
export async function appendToFile(target: string, path: string, content: string): Promise<void> {
  const existing = await statOrUndefined(target, path);
  if (existing) requireRegular(existing, path);
  await mkdir(nodePath.dirname(target), { recursive: true }).catch((error: unknown) => {
    throw refusedAs(error, path);
  });
  const handle = await open(target, APPEND_FLAGS).catch(async (error: unknown) => {
    // ENXIO: a FIFO without a reader or a socket appeared since the stat; say which.
    const now = errorCode(error) === 'ENXIO' ? await statOrUndefined(target, path) : undefined;
    throw now ? new NotAFileError(path, notRegular(now)) : refusedAs(error, path);
  });
  try {
    requireRegular(await handle.stat(), path);
    // From here bytes may land: a failure is left untyped, so it stays ambiguous.
    await handle.appendFile(content, 'utf8');
  } finally {
    await handle.close();
  }
}

/** The type of something that is known not to be a regular file. */
function notRegular(stats: Stats): 'directory' | 'fifo' | 'socket' | 'device' | 'other' {
  const type = fileTypeOf(stats);
  return type === 'file' ? 'other' : type;
}
