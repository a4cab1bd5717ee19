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
import { implicitDependencies, referenceTokens } from '../references';
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

/** The last `dependsOn` query, so that the step it was asked for can be recorded as closed. */
interface Answer {
  readonly id: string;
  readonly tool: string;
  readonly args: unknown;
  readonly access: StepAccess;
  readonly dependsOn: readonly string[];
}

/**
 * The steps before a new one, with what each accesses and depends on, for hazard and reachability
 * queries. Each query costs the steps it has a hazard with that no nearer closed step hides, and the
 * dependencies between them it walks, never every earlier step: reading a reply of n lines stays linear
 * in n even when every line writes the same file.
 */
export class DependencyContext {
  private readonly steps: { readonly view: DependencyView; readonly access: StepAccess; readonly closed: boolean }[] = [];
  private readonly deps = new Map<string, readonly string[]>();
  private readonly position = new Map<string, number>();
  private readonly known = new Set<string>();
  private readonly hazards = new HazardIndex();
  /**
   * The highest position a dependency points forward to (a step listed before one it depends on, as a
   * plan file may order them): a walk from below a position above it can never climb back up to it.
   */
  private forwardTop = -1;
  /** Ids depended on before they were recorded. */
  private readonly awaited = new Set<string>();
  private answer: Answer | undefined;

  constructor(earlier: readonly DependencyView[] = []) {
    for (const step of earlier) this.add(step);
  }

  /** How many steps are recorded. */
  get size(): number {
    return this.steps.length;
  }

  /** The step recorded at `position`: its id, what it accesses, and whether it is closed. */
  at(position: number): { readonly view: DependencyView; readonly access: StepAccess; readonly closed: boolean } {
    return this.steps[position]!;
  }

  /** The position of the step `id`, if recorded. */
  positionOf(id: string): number | undefined {
    return this.position.get(id);
  }

  /** Whether a step of this id is recorded. */
  has(id: string): boolean {
    return this.position.has(id);
  }

  /** Whether a recorded step waits for `id`, not recorded yet. */
  awaits(id: string): boolean {
    return this.awaited.has(id);
  }

  /**
   * Records a step after the others. It is closed (it stands in for the earlier steps it covers, see
   * hazardIndex.ts) when its `dependsOn` holds everything the last `dependsOn` query answered for it.
   */
  add(step: DependencyView): void {
    const answer = this.answer?.id === step.id && this.answer.tool === step.tool && this.answer.args === step.args ? this.answer : undefined;
    this.answer = undefined;
    const access = answer?.access ?? stepAccess(step);
    const at = this.steps.length;
    const references = implicitDependencies(step, this.known);
    const deps = references.length === 0 ? (step.dependsOn ?? []) : [...new Set([...(step.dependsOn ?? []), ...references])];
    const closed = answer !== undefined && answer.dependsOn.every((id) => deps.includes(id));
    for (const id of deps) if (!this.position.has(id)) this.awaited.add(id);
    // A `#E` reference to a step not recorded yet is a wait too, once that step arrives.
    for (const id of [...referenceTokens(step.args), ...(step.compensation ? referenceTokens(step.compensation.args) : [])]) if (id !== step.id && !this.position.has(id)) this.awaited.add(id);
    if (this.awaited.delete(step.id)) this.forwardTop = at;
    this.position.set(step.id, at);
    this.known.add(step.id);
    this.hazards.add(at, access, closed);
    this.steps.push({ view: step, access, closed });
    this.deps.set(step.id, deps);
  }

  /**
   * The `dependsOn` of a new step: the explicit ids, then every earlier step it has a hazard with that is
   * not already reached through the explicit ids, its references or a nearer hazard; in step order.
   */
  dependsOn(step: Pick<Step, 'id' | 'tool' | 'args' | 'compensation'>, explicit: readonly string[]): string[] {
    const access = stepAccess(step);
    const hazards = this.hazards.candidates(access).filter((index) => hasHazard(this.steps[index]!.access, access));
    const kept = new Set(explicit);
    if (hazards.length > 0) {
      // Nothing below the farthest hazard can lead back up to one, so a walk stops there.
      const farthest = hazards[hazards.length - 1]!;
      const floor = farthest > this.forwardTop ? farthest : 0;
      const reached = new Reachability(this, floor, [...explicit, ...implicitDependencies(step, this.known)]);
      for (const index of hazards) {
        if (reached.covers(index)) continue;
        reached.add(index);
        kept.add(this.steps[index]!.view.id);
      }
    }
    const dependsOn = [...kept].sort((a, b) => (this.position.get(a) ?? Number.MAX_SAFE_INTEGER) - (this.position.get(b) ?? Number.MAX_SAFE_INTEGER));
    this.answer = { id: step.id, tool: step.tool, args: step.args, access, dependsOn };
    return dependsOn;
  }

  /** The steps `ids` name and every step they depend on, directly or through others. */
  closure(ids: Iterable<string>): Set<string> {
    const reached = new Set<string>();
    for (const id of ids) this.reach(id, reached, 0);
    return reached;
  }

  /** Adds `from` and every step it depends on at or above position `floor`, directly or through others, to `reached`. */
  reach(from: string, reached: Set<string>, floor: number): void {
    const stack = [from];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (reached.has(id) || (this.position.get(id) ?? floor) < floor) continue;
      reached.add(id);
      for (const dep of this.deps.get(id) ?? []) stack.push(dep);
    }
  }
}

/**
 * What one `dependsOn` query has reached so far, walked lazily: a closed step reaches every earlier step it
 * has a hazard with (that is what closed means), so a hazard of the new step that has one with a reached
 * closed step is reached without walking the dependencies between them. After a command, each write of one
 * file would otherwise walk every earlier write of it back to the command: quadratic in the writes. Only
 * when that cannot tell is everything reached so far walked, which answers exactly as a full walk would.
 */
class Reachability {
  /** Steps walked, with everything they depend on at or above the floor. */
  private readonly reached = new Set<string>();
  /** Steps known to be reached whose dependencies are not walked yet (the walk skips what `reached` holds). */
  private readonly marked = new Set<string>();
  /** Reached steps whose own dependencies are not walked yet. */
  private unwalked: string[];
  /** Positions of reached closed steps. */
  private readonly closed: number[] = [];

  constructor(
    private readonly context: DependencyContext,
    private readonly floor: number,
    roots: readonly string[],
  ) {
    this.unwalked = [...roots];
    for (const id of roots) {
      const at = context.positionOf(id);
      if (at !== undefined && at >= floor && context.at(at).closed) this.closed.push(at);
    }
  }

  /** Whether the step at `position` is reached from what was reached so far. */
  covers(position: number): boolean {
    const id = this.context.at(position).view.id;
    if (this.reached.has(id) || this.marked.has(id)) return true;
    const access = this.context.at(position).access;
    if (this.closed.some((at) => at > position && hasHazard(access, this.context.at(at).access))) {
      this.add(position);
      return true;
    }
    for (const root of this.unwalked) this.context.reach(root, this.reached, this.floor);
    this.unwalked = [];
    return this.reached.has(id);
  }

  /** Counts the step at `position` (at or above the floor) as reached. */
  add(position: number): void {
    const step = this.context.at(position);
    this.marked.add(step.view.id);
    this.unwalked.push(step.view.id);
    if (step.closed) this.closed.push(position);
  }
}
