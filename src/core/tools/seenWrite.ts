// How a tool changes a whole file without clobbering anyone: read it, compute the new text, and write only
// over the bytes it read (Workspace.writeFileIfUnchanged). When the file changed meanwhile (another run,
// a formatter, a person saving) a change that can be made again on the new text (an editFile find/replace)
// is computed again from a fresh read; one that cannot (a whole-file write) fails as a definite conflict
// that names the file and the step, having written nothing.
import { FileChangedError, ToolError } from '../errors';
import type { Workspace } from '../ports';
import { readOrNull } from '../readOrNull';

/** Fresh reads a re-applicable change gets before its step fails as a conflict. */
export const MAX_REAPPLY_ATTEMPTS = 5;

/** The new text computed from the text read (null: no file), or why it cannot be made from it. */
export type SeenChange = { readonly content: string } | { readonly problem: string; readonly reason: string };

/** What a seen write did: the text it read last and the text it wrote in its place. */
export interface SeenWrite {
  readonly before: string | null;
  readonly after: string;
}

/** The words of a conflict: "src/a.js changed while step E4 ran; nothing was written". */
export function conflictText(path: string, stepId: string, why?: string): string {
  return `${path} changed while step ${stepId} ran${why ? ` and ${why}` : ''}; nothing was written`;
}

/**
 * Reads `path`, computes its new text with `change` and writes it over exactly what was read. `reapply`
 * says whether `change` may run again on a fresh read when the file changed in between. A problem on the
 * first read fails the step with the problem's reason; after a change by someone else it is a conflict.
 * Nothing is written when the computed text equals what was read.
 */
export async function writeOverSeen(
  workspace: Workspace,
  options: { readonly path: string; readonly stepId: string; readonly action: string; readonly maxBytes: number; readonly reapply: boolean },
  change: (before: string | null) => SeenChange,
): Promise<SeenWrite> {
  const { path, stepId, action } = options;
  for (let attempt = 0; ; attempt++) {
    const before = await readOrNull(workspace, path, options.maxBytes);
    const next = change(before);
    if ('problem' in next) {
      if (attempt === 0) throw new ToolError('definite', next.reason, `${action}: ${next.problem}`);
      throw new ToolError('definite', 'fileChanged', `${action}: ${conflictText(path, stepId, `the change no longer applies (${next.problem})`)}`);
    }
    if (next.content === before) return { before, after: next.content };
    try {
      await workspace.writeFileIfUnchanged(path, before, next.content);
      return { before, after: next.content };
    } catch (error) {
      if (!(error instanceof FileChangedError)) throw error;
      if (!options.reapply || attempt + 1 >= MAX_REAPPLY_ATTEMPTS) throw new ToolError('definite', 'fileChanged', `${action}: ${conflictText(path, stepId)}`);
    }
  }
}
