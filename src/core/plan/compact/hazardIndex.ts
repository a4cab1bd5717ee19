// An index of the earlier steps of a plan by the paths they read and write, so that finding the steps a
// new one has a file hazard with costs the number of such steps that matter, not the number of steps
// before it. A step whose dependencies already reach every earlier step it has a hazard with ("closed",
// as every step whose order was implied from this index is) stands in for them: a write to `a.ts` hides
// the earlier writes of `a.ts` and (unless it is a command) the reads of it since, because whatever has a
// hazard with those has one with the write too, and waiting for the write waits for them. So the index
// keeps, per file, the last writers and the readers since, and a reply of thousands of lines writing
// the same file stays linear instead of comparing every line with every other.

import type { StepAccess } from './impliedDependencies';

/** The positions of the steps that read or write, by path; `all` for those that touch any file. */
interface SideIndex {
  /** Steps with any path on this side (a path list or `all`) that no closed step hides. */
  any: Set<number>;
  /** Steps whose side is `all`. */
  all: Set<number>;
  readonly byPath: Map<string, number[]>;
}

function emptySide(): SideIndex {
  return { any: new Set(), all: new Set(), byPath: new Map() };
}

function record(side: SideIndex, paths: readonly string[] | 'all', position: number): void {
  if (paths === 'all') {
    side.any.add(position);
    side.all.add(position);
    return;
  }
  if (paths.length === 0) return;
  side.any.add(position);
  for (const path of new Set(paths)) {
    const list = side.byPath.get(path);
    if (list) list.push(position);
    else side.byPath.set(path, [position]);
  }
}

/** Forgets every step on `side`: a closed step that writes anything hides them all. */
function clear(side: SideIndex): void {
  side.any = new Set();
  side.all = new Set();
  side.byPath.clear();
}

/** Forgets the steps on `side` that touch one of `paths`, as far as `paths` and `any` are concerned. */
function forget(side: SideIndex, paths: readonly string[]): void {
  for (const path of paths) {
    for (const position of side.byPath.get(path) ?? []) side.any.delete(position);
    side.byPath.delete(path);
  }
}

/** The positions on `side` whose paths overlap `paths` (the `overlaps` rule of impliedDependencies.ts). */
function overlapping(side: SideIndex, paths: readonly string[] | 'all', into: Set<number>): void {
  if (paths === 'all') {
    for (const position of side.any) into.add(position);
    return;
  }
  if (paths.length === 0) return;
  for (const position of side.all) into.add(position);
  for (const path of paths) for (const position of side.byPath.get(path) ?? []) into.add(position);
}

/** The earlier steps by what they read and write, for hazard queries. */
export class HazardIndex {
  private readonly reads = emptySide();
  private readonly writes = emptySide();

  /**
   * Records the step at `position` (positions are added in increasing order). `closed`: its dependencies,
   * followed through, reach every earlier step it has a hazard with, so it hides the ones it covers.
   */
  add(position: number, access: StepAccess, closed = false): void {
    if (closed) this.hide(access);
    record(this.reads, access.reads, position);
    record(this.writes, access.writes, position);
  }

  /**
   * The positions of the recorded steps a step with `access` may have a hazard with, nearest first: every
   * such step, or a closed step with a hazard with it whose dependencies reach that step.
   */
  candidates(access: StepAccess): number[] {
    const found = new Set<number>();
    overlapping(this.writes, access.reads, found);
    overlapping(this.writes, access.writes, found);
    if (!access.command) overlapping(this.reads, access.writes, found);
    return [...found].sort((a, b) => b - a);
  }

  /**
   * Forgets the steps a closed step with `access` covers. A writer covers the earlier writers of what it
   * writes and, unless it is a command (which does not wait for reads), the readers: any later step that
   * would have found one of them through a list finds the writer, has a hazard with it too, and reaches
   * them through it.
   */
  private hide(access: StepAccess): void {
    if (access.writes === 'all') {
      clear(this.writes);
      if (!access.command) clear(this.reads);
      return;
    }
    forget(this.writes, access.writes);
    if (!access.command) forget(this.reads, access.writes);
  }
}
