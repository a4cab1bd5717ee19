// The workspace as a sub-plan sees it: only the files and folders of its scope. Listings leave the rest
// out (so the child's planner is told only about its part), and a read or change of a path outside the
// scope is refused before it reaches the real workspace. This is the run-time half of scope enforcement;
// the gate (subplanScope.ts) refuses such paths in the child plan before anything runs.
import { WorkspaceEscapeError } from '../errors';
import { inScope } from '../workspacePath';
import type { FileStat, ReadOptions, Workspace } from '../ports';

/** A path outside the scope of the sub-plan that tried to use it; definite, like any escape. */
export class ScopeEscapeError extends WorkspaceEscapeError {
  constructor(path: string, readonly scope: readonly string[]) {
    super(path, `it is outside the sub-plan's scope (${scope.join(', ')})`);
    this.message = `Path "${path}" is outside the sub-plan's scope (${scope.join(', ')})`;
    this.name = 'ScopeEscapeError';
  }
}

/** `workspace`, confined to `scope`. */
export class ScopedWorkspace implements Workspace {
  constructor(
    private readonly workspace: Workspace,
    readonly scope: readonly string[],
  ) {}

  private allowed(path: string): string {
    if (!inScope(path, this.scope)) throw new ScopeEscapeError(path, this.scope);
    return path;
  }

  async readFile(path: string, options?: ReadOptions): Promise<string> {
    return this.workspace.readFile(this.allowed(path), options);
  }

  async *readTextChunks(path: string): AsyncIterable<string> {
    yield* this.workspace.readTextChunks(this.allowed(path));
  }

  async writeFile(path: string, content: string): Promise<void> {
    return this.workspace.writeFile(this.allowed(path), content);
  }

  async writeFileIfUnchanged(path: string, seen: string | null, content: string): Promise<void> {
    return this.workspace.writeFileIfUnchanged(this.allowed(path), seen, content);
  }

  async appendFile(path: string, content: string): Promise<void> {
    return this.workspace.appendFile(this.allowed(path), content);
  }

  async deleteFile(path: string): Promise<void> {
    return this.workspace.deleteFile(this.allowed(path));
  }

  async rename(from: string, to: string): Promise<void> {
    return this.workspace.rename(this.allowed(from), this.allowed(to));
  }

  async stat(path: string): Promise<FileStat | undefined> {
    return this.workspace.stat(this.allowed(path));
  }

  async findFiles(glob: string, options?: { readonly limit?: number }): Promise<readonly string[]> {
    // Filtered before the limit is applied, so files outside the scope do not use it up.
    const found = await this.workspace.findFiles(glob);
    const inside = found.filter((path) => inScope(path, this.scope));
    return options?.limit === undefined ? inside : inside.slice(0, options.limit);
  }

  async listAllFiles(): Promise<readonly string[]> {
    return (await this.workspace.listAllFiles()).filter((path) => inScope(path, this.scope));
  }
}
