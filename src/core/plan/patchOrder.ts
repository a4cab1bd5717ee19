// The order in which a patched plan's file hazards are inferred: the order its written dependencies give,
// not where a line landed. A patch adds its steps at the end (or after an anchor) and a replaced step keeps
// its place, so a fix added at the end that the replaced test run waits for (`replace E1 … after E3`) sits
// after it; inferring hazards in array order would then make the fix wait for the test run it fixes, a
// cycle nobody wrote. Here each step comes right after everything it waits for (its `dependsOn` and its
// `#E` references), pulled forward from wherever it was written; everything else keeps its place. A step
// an earlier line of the same streamed patch wrote (the lines apply one by one) may carry a wait a hazard
// gave it then: when this line's written order contradicts such a wait, closing a cycle, the wait is
// dropped — the written order wins. Which waits may give way is the caller's to say (`mayDrop`).
import { findCycles } from './findCycles';
import { hasHazard, stepAccess } from './compact/impliedDependencies';
import type { Step } from './planSchema';
import { implicitDependencies } from './references';

/**
 * `steps` in dependency order, each after the steps it waits for and otherwise in place; `mayDrop(step,
 * id)` says whether `step`'s wait on `id` is an inferred one a written order may overrule. Waits that
 * close a cycle with the rest are dropped when they may be; with a cycle of written waits, `steps` as they are, for the gate.
 */
export function dependencyOrder(steps: readonly Step[], mayDrop: (step: Step, id: string) => boolean): Step[] {
  const ids = new Set(steps.map((step) => step.id));
  const references = new Map(steps.map((step) => [step.id, implicitDependencies(step, ids)]));
  const waits = new Map(steps.map((step) => [step.id, [...new Set([...(step.dependsOn ?? []), ...references.get(step.id)!])].filter((id) => ids.has(id))]));
  const position = new Map(steps.map((step, index) => [step.id, index]));
  if (steps.every((step) => waits.get(step.id)!.every((id) => position.get(id)! < position.get(step.id)!))) return [...steps];

  const byId = new Map(steps.map((step) => [step.id, step]));
  const dropped = new Map<string, Set<string>>();
  for (let cycles = findCycles([...ids], waits); cycles.length > 0; cycles = findCycles([...ids], waits)) {
    let broke = false;
    for (const cycle of cycles) {
      for (let index = 0; index + 1 < cycle.length; index++) {
        const [from, to] = [cycle[index]!, cycle[index + 1]!];
        const step = byId.get(from)!;
        if (references.get(from)!.includes(to) || !mayDrop(step, to) || !hasHazard(stepAccess(byId.get(to)!), stepAccess(step))) continue;
        waits.set(from, waits.get(from)!.filter((id) => id !== to));
        dropped.set(from, (dropped.get(from) ?? new Set()).add(to));
        broke = true;
        break;
      }
    }
    // A cycle of written waits: the steps stay where they were, for the gate to name it as written.
    if (!broke) return [...steps];
  }

  const ordered: Step[] = [];
  const done = new Set<string>();
  // Depth first without recursion: a chain of thousands of steps would overflow the stack.
  for (const root of steps) {
    if (done.has(root.id)) continue;
    const stack: { readonly id: string; readonly next: Iterator<string> }[] = [{ id: root.id, next: waits.get(root.id)!.values() }];
    done.add(root.id);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const dep = top.next.next();
      if (dep.done) {
        stack.pop();
        ordered.push(withoutWaits(byId.get(top.id)!, dropped.get(top.id)));
      } else if (!done.has(dep.value)) {
        done.add(dep.value);
        stack.push({ id: dep.value, next: waits.get(dep.value)!.values() });
      }
    }
  }
  return ordered;
}

function withoutWaits(step: Step, dropped: ReadonlySet<string> | undefined): Step {
  if (!dropped) return step;
  const { dependsOn, ...rest } = step;
  const kept = (dependsOn ?? []).filter((id) => !dropped.has(id));
  return kept.length > 0 ? { ...rest, dependsOn: kept } : rest;
}
