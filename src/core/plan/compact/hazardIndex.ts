// An index of the earlier steps of a plan by the paths they read and write, so that finding the steps a
// new one has a file hazard with costs the number of such steps, not the number of steps before it: a
// reply of thousands of `readFile` lines stays linear instead of comparing every line with every other.

import type { StepAccess } from './impliedDependencies';

/** The positions of the steps that read or write, by path; `all` for those that touch any file. */
interface SideIndex {
  /** Steps with any path on this side (a path list or `all`). */
  readonly any: number[];
  /** Steps whose side is `all`. */
  readonly all: number[];
  readonly byPath: Map<string, number[]>;
}

function emptySide(): SideIndex {
  return { any: [], all: [], byPath: new Map() };
}

function record(side: SideIndex, paths: readonly string[] | 'all', position: number): void {
  if (paths === 'all') {
    side.any.push(position);
    side.all.push(position);
    return;
  }
  if (paths.length === 0) return;
  side.any.push(position);
  for (const path of new Set(paths)) {
    const list = side.byPath.get(path);
    if (list) list.push(position);
    else side.byPath.set(path, [position]);
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

  /** Records the step at `position` (positions are added in increasing order). */
  add(position: number, access: StepAccess): void {
    record(this.reads, access.reads, position);
    record(this.writes, access.writes, position);
  }

  /** The positions of the recorded steps a step with `access` may have a hazard with, nearest first. */
  candidates(access: StepAccess): number[] {
    const found = new Set<number>();
    overlapping(this.writes, access.reads, found);
    overlapping(this.writes, access.writes, found);
    if (!access.command) overlapping(this.reads, access.writes, found);
    return [...found].sort((a, b) => b - a);
  }
}
