// The paths a command line names, checked before a command reads, writes or calls anything: a file to
// read exists and is a file, a file to write is not a folder and its folder is not a file. Each error is
// one line naming the flag (or argument), the kind of thing found and the path as given.
import { stat } from 'node:fs';
import * as nodePath from 'node:path';
import { promisify } from 'node:util';

/** A checked path: absolute, resolved against the working folder; `missing` when nothing is there. */
export type PathInput = { readonly path: string } | { readonly error: string; readonly missing?: true };

/** What is at `path`: a folder, a file, or nothing. */
async function kindAt(path: string): Promise<'folder' | 'file' | 'nothing'> {
  // node:fs rather than node:fs/promises, which `validate` would otherwise load for this check alone.
  const info = await promisify(stat)(path).catch(() => undefined);
  return info === undefined ? 'nothing' : info.isDirectory() ? 'folder' : 'file';
}

/** The file `given` names, which must exist: `what` is the flag or argument it came from. */
export async function fileToRead(cwd: string, given: string, what: string): Promise<PathInput> {
  const path = nodePath.resolve(cwd, given);
  const kind = await kindAt(path);
  if (kind === 'nothing') return { error: `${what}: no such file: ${given}`, missing: true };
  if (kind === 'folder') return { error: `${what} is a folder, not a file: ${given}` };
  return { path };
}

/** The file `given` names, to be created or written: nothing there or a file, inside folders (or places for them). */
export async function fileToWrite(cwd: string, given: string, what: string): Promise<PathInput> {
  const path = nodePath.resolve(cwd, given);
  if ((await kindAt(path)) === 'folder') return { error: `${what} is a folder, not a file: ${given}` };
  for (let folder = nodePath.dirname(path); ; folder = nodePath.dirname(folder)) {
    const kind = await kindAt(folder);
    if (kind === 'file') return { error: `${what}: ${folder} is a file, not a folder, so ${given} cannot be written` };
    if (kind === 'folder' || nodePath.dirname(folder) === folder) return { path };
  }
}
