// Git's ignore rules over the .gitignore files of one workspace, as a pure function of their texts, so
// every Workspace adapter (Node's fs, VS Code's workspace.fs) leaves out exactly the same files.
import ignore, { type Ignore } from 'ignore';

/** Folders no workspace listing ever includes, whatever the .gitignore says (run journals live in .planwright). */
export const ALWAYS_SKIPPED_FOLDERS: readonly string[] = ['.git', 'node_modules', '.planwright'];

/** ALWAYS_SKIPPED_FOLDERS as globs, at any depth. */
export const ALWAYS_SKIPPED_GLOBS: readonly string[] = ALWAYS_SKIPPED_FOLDERS.map((folder) => `**/${folder}/**`);

/** A folder of ALWAYS_SKIPPED_FOLDERS anywhere in a path (one regex test, not a split: listings hold 100k paths). */
const SKIPPED_SEGMENT = new RegExp(`(?:^|/)(?:${ALWAYS_SKIPPED_FOLDERS.map((folder) => folder.replace(/\./g, '\\.')).join('|')})/`);

/** True when a workspace-relative path lies in one of ALWAYS_SKIPPED_FOLDERS. */
export function inSkippedFolder(path: string): boolean {
  return SKIPPED_SEGMENT.test(path);
}

/** One .gitignore: its folder relative to the root (`''` for the root) and its text. */
export interface GitignoreFile {
  readonly folder: string;
  readonly text: string;
}

/** The folder of a workspace-relative `.gitignore` path (`''` for the root's). */
export function gitignoreFolder(path: string): string {
  return path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
}

/** Answers "is this workspace-relative file ignored?" the way git would. */
export class GitignoreRules {
  private readonly rules = new Map<string, Ignore>();
  private readonly folders = new Map<string, boolean>();

  /** `ignoreCase` should match the file system (git's `core.ignorecase`): true on macOS and Windows. */
  constructor(files: readonly GitignoreFile[], ignoreCase: boolean) {
    for (const file of files) this.rules.set(file.folder, ignore({ ignorecase: ignoreCase }).add(file.text));
  }

  /**
   * Git's rule: a file in an ignored folder stays ignored (no rule can re-include it); otherwise the
   * .gitignore files above it apply outermost first, so a deeper file's rules and `!negations` win.
   */
  isIgnored(path: string): boolean {
    const segments = path.split('/');
    for (let depth = 1; depth < segments.length; depth++) {
      const folder = segments.slice(0, depth).join('/');
      let ignored = this.folders.get(folder);
      if (ignored === undefined) {
        ignored = this.layeredTest(segments.slice(0, depth), true);
        this.folders.set(folder, ignored);
      }
      if (ignored) return true;
    }
    return this.layeredTest(segments, false);
  }

  private layeredTest(segments: readonly string[], isFolder: boolean): boolean {
    let ignored = false;
    for (let depth = 0; depth < segments.length; depth++) {
      const rule = this.rules.get(segments.slice(0, depth).join('/'));
      if (!rule) continue;
      const result = rule.test(segments.slice(depth).join('/') + (isFolder ? '/' : ''));
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}
