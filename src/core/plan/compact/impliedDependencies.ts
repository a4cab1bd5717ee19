// The dependencies a compact plan line implies without writing them: the steps its `#E` references name,
// and every earlier step it has a file hazard with — read-after-write, write-after-read or
// write-after-write on one path. A search or listing reads every file; a command reads every file and may
// change any, so it waits for every earlier change and every later change or read waits for it. Only an
// earlier plain read does not hold a command back: a test run after a `readFile` or a search is the
// common case, and serialising it would cost the parallelism the plan order never asked to give up.
// With these edges, running steps in parallel never reorders a write the order of the lines implies.
// Edges already implied through another dependency are left out, so `dependsOn` stays what a person
// would write.
import { isMcpToolName } from '../../tools/mcpToolName';
import { findTool } from '../../tools/toolCatalog';
import type { Step } from '../planSchema';
import { implicitDependencies } from '../references';
import { HazardIndex } from './hazardIndex';

/** A step as far as dependencies need it. */
export type DependencyView = Pick<Step, 'id' | 'tool' | 'args'> & Partial<Pick<Step, 'dependsOn' | 'compensation'>>;

/** The workspace paths a step reads and writes; `all` for anything (commands, searches, listings). */
export interface StepAccess {
  readonly reads: readonly string[] | 'all';
  readonly writes: readonly string[] | 'all';
  /** A command: what it writes is unknown, so earlier reads do not order it (see the header). */
  readonly command?: boolean;
}

const NONE: StepAccess = { reads: [], writes: [] };
/** Tools that read the whole workspace but change nothing. */
const READS_EVERYTHING = new Set(['searchText', 'listFiles']);
/** Tools whose output depends only on the file at `path`. */
const READS_PATH = new Set(['readFile']);

/** What `step` reads and writes; a path still holding a `#` reference could be any file. */
export function stepAccess(step: Pick<Step, 'tool' | 'args'>): StepAccess {
  const tool = findTool(step.tool);
  if (!tool) return NONE;
  if (step.tool === 'runCommand') return { reads: 'all', writes: 'all', command: true };
  // An MCP server may read or change anything: ordered like a search when read-only, like a command otherwise.
  if (isMcpToolName(step.tool)) return tool.effect({}, {}) === 'readOnly' ? { reads: 'all', writes: [] } : { reads: 'all', writes: 'all', command: true };
  if (READS_EVERYTHING.has(step.tool)) return { reads: 'all', writes: [] };
  const parsed = tool.input.safeParse(step.args);
  if (!parsed.success) return NONE;
  const input = parsed.data as Record<string, unknown>;
  const paths = (list: readonly string[]): readonly string[] | 'all' => (list.some((path) => path.includes('#')) ? 'all' : list);
  const writes = paths(tool.writes(input));
  const reads = READS_PATH.has(step.tool) && typeof input.path === 'string' ? paths([input.path]) : writes;
  return { reads, writes };
}

function overlaps(a: readonly string[] | 'all', b: readonly string[] | 'all'): boolean {
  if (a === 'all') return b === 'all' || b.length > 0;
  if (b === 'all') return a.length > 0;
  return a.some((path) => b.includes(path));
}

/** Whether `later` must wait for `earlier` because one writes what the other reads or writes. */
export function hasHazard(earlier: StepAccess, later: StepAccess): boolean {
  return overlaps(earlier.writes, later.reads) || overlaps(earlier.writes, later.writes) || (!later.command && overlaps(earlier.reads, later.writes));
}

/**
 * The steps before a new one, with what each accesses and depends on, for hazard and reachability
 * queries. Each query costs the steps it has a hazard with and the dependencies it walks, never every
 * earlier step, so reading a reply of n lines stays linear in n when few lines touch the same files.
 */
export class DependencyContext {
  private readonly steps: { readonly view: DependencyView; readonly access: StepAccess }[] = [];
  private readonly deps = new Map<string, readonly string[]>();
  private readonly position = new Map<string, number>();
  private readonly known = new Set<string>();
  private readonly hazards = new HazardIndex();

  constructor(earlier: readonly DependencyView[] = []) {
    for (const step of earlier) this.add(step);
  }

  /** Records a step after the others. */
  add(step: DependencyView): void {
    const access = stepAccess(step);
    this.position.set(step.id, this.steps.length);
    this.known.add(step.id);
    this.hazards.add(this.steps.length, access);
    this.steps.push({ view: step, access });
    this.deps.set(step.id, [...new Set([...(step.dependsOn ?? []), ...implicitDependencies(step, this.known)])]);
  }

  /**
   * The `dependsOn` of a new step: the explicit ids, then every earlier step it has a hazard with that is
   * not already reached through the explicit ids, its references or a nearer hazard; in step order.
   */
  dependsOn(step: Pick<Step, 'id' | 'tool' | 'args' | 'compensation'>, explicit: readonly string[]): string[] {
    const access = stepAccess(step);
    const reached = new Set<string>();
    for (const id of [...explicit, ...implicitDependencies(step, this.known)]) this.reach(id, reached);
    const kept = new Set(explicit);
    for (const index of this.hazards.candidates(access)) {
      const earlier = this.steps[index]!;
      if (!hasHazard(earlier.access, access) || reached.has(earlier.view.id)) continue;
      this.reach(earlier.view.id, reached);
      kept.add(earlier.view.id);
    }
    return [...kept].sort((a, b) => (this.position.get(a) ?? Number.MAX_SAFE_INTEGER) - (this.position.get(b) ?? Number.MAX_SAFE_INTEGER));
  }

  /** Adds `from` and every step it depends on, directly or through others, to `reached`. */
  private reach(from: string, reached: Set<string>): void {
    const stack = [from];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (reached.has(id)) continue;
      reached.add(id);
      for (const dep of this.deps.get(id) ?? []) stack.push(dep);
    }
  }
}
