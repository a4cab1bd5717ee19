// Reading a workspace file that may not be there: the one file read that tools, checks and undo share, so
// none of them imports another for it.
import { FileNotFoundError } from './errors';
import type { Workspace } from './ports';

/** The text of `path` (at most `maxBytes`, else the adapter's default limit), or null when no file is there. */
export async function readOrNull(workspace: Workspace, path: string, maxBytes?: number): Promise<string | null> {
  try {
    return await workspace.readFile(path, maxBytes === undefined ? undefined : { maxBytes });
  } catch (error) {
    if (error instanceof FileNotFoundError) return null;
    throw error;
  }
}
