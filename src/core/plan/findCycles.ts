// Cycle detection for the step graph: every strongly connected component (Tarjan, iterative so a
// long chain cannot overflow the stack), each reported as one short cycle a person can read.

/**
 * One cycle per group of mutually dependent nodes, as a closed path (`['E2', 'E3', 'E2']`) starting at
 * the group's node that comes first in `nodes`. `edges` maps a node to the nodes it points at; edges to
 * nodes outside `nodes` and self-edges are ignored.
 */
export function findCycles(nodes: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const position = new Map(nodes.map((node, index) => [node, index]));
  const successors = (node: string): readonly string[] => edges.get(node) ?? [];
  if (isAcyclic(nodes, position, successors)) return [];
  return stronglyConnected(nodes, position, successors)
    .filter((group) => group.length > 1)
    .map((group) => {
      const start = group.reduce((first, node) => (position.get(node)! < position.get(first)! ? node : first));
      return shortestCycle(start, new Set(group), successors);
    })
    .sort((a, b) => position.get(a[0])! - position.get(b[0])!);
}

/**
 * Whether no node lies on a cycle (Kahn's algorithm over indexes): the common case, answered at a fraction
 * of Tarjan's cost on a plan of thousands of steps, which then only runs when there is a cycle to name.
 */
function isAcyclic(nodes: readonly string[], position: ReadonlyMap<string, number>, successors: (node: string) => readonly string[]): boolean {
  const incoming = new Int32Array(nodes.length);
  const targets = nodes.map((node) => {
    const list: number[] = [];
    for (const target of successors(node)) {
      const at = position.get(target);
      if (at === undefined || target === node) continue;
      list.push(at);
      incoming[at]++;
    }
    return list;
  });
  const ready: number[] = [];
  incoming.forEach((count, index) => count === 0 && ready.push(index));
  for (let head = 0; head < ready.length; head++) for (const target of targets[ready[head]!]!) if (--incoming[target] === 0) ready.push(target);
  return ready.length === nodes.length;
}

/** Tarjan's strongly connected components. */
function stronglyConnected(
  nodes: readonly string[],
  position: ReadonlyMap<string, number>,
  successors: (node: string) => readonly string[],
): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const enter = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
  };
  for (const root of nodes) {
    if (index.has(root)) continue;
    enter(root);
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const next = successors(frame.node);
      if (frame.next < next.length) {
        const target = next[frame.next++];
        if (!position.has(target) || target === frame.node) continue;
        if (!index.has(target)) {
          enter(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group);
      }
    }
  }
  return groups;
}

/** The shortest closed path from `start` back to itself inside `group` (breadth-first). */
function shortestCycle(start: string, group: ReadonlySet<string>, successors: (node: string) => readonly string[]): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    for (const target of successors(node)) {
      if (!group.has(target) || target === node) continue;
      if (target === start) {
        const backwards = [start];
        for (let step: string | undefined = node; step !== start && step !== undefined; step = cameFrom.get(step)) backwards.push(step);
        backwards.push(start);
        return backwards.reverse();
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
