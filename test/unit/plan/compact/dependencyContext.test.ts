// The implied dependencies of a step, however the earlier steps are indexed, are exactly what comparing
// it with every earlier step gives: the hazard steps not reached through its explicit ids, its
// references or a nearer hazard. Checked against that brute-force scan on random sequences of reads,
// writes, renames, searches, commands, references and written dependencies, including earlier steps
// listed before what they depend on and steps recorded with fewer dependencies than were implied.
import * as assert from 'node:assert/strict';
import { DependencyContext, hasHazard, stepAccess, type DependencyView } from '../../../../src/core/plan/compact/impliedDependencies';
import { implicitDependencies } from '../../../../src/core/plan/references';

/** A seeded generator (mulberry32: its low bits vary, unlike a plain LCG's), so a failure repeats. */
function generator(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) % below;
  };
}

const PATHS = ['a.ts', 'b.ts', 'c.ts', 'd.ts'];

function randomCall(random: (below: number) => number, earlierIds: readonly string[]): Pick<DependencyView, 'tool' | 'args'> {
  const path = PATHS[random(PATHS.length)]!;
  const reference = earlierIds.length > 0 && random(4) === 0 ? `#${earlierIds[random(earlierIds.length)]}` : 'x';
  switch (random(10)) {
    case 0:
    case 1:
      return { tool: 'readFile', args: { path } };
    case 2:
    case 3:
      return { tool: 'writeFile', args: { path, content: reference } };
    case 4:
      return { tool: 'appendFile', args: { path, content: 'x' } };
    case 5:
      return { tool: 'renameFile', args: { from: path, to: PATHS[random(PATHS.length)]! } };
    case 6:
      return { tool: 'searchText', args: { pattern: 'x' } };
    case 7:
      return { tool: 'runCommand', args: { command: 'npm test' } };
    case 8:
      return { tool: 'writeFile', args: { path: reference === 'x' ? path : reference, content: 'y' } };
    default:
      return { tool: 'generate', args: { instruction: reference } };
  }
}

/** The dependsOn of `step` after `earlier`, by comparing it with every earlier step and following every dependency. */
function bruteForce(earlier: readonly DependencyView[], step: Pick<DependencyView, 'id' | 'tool' | 'args'>, explicit: readonly string[]): string[] {
  const known = new Set<string>();
  const deps = new Map<string, readonly string[]>();
  for (const view of earlier) {
    known.add(view.id);
    deps.set(view.id, [...(view.dependsOn ?? []), ...implicitDependencies(view, known)]);
  }
  const reached = new Set<string>();
  const reach = (from: string): void => {
    const stack = [from];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (reached.has(id)) continue;
      reached.add(id);
      stack.push(...(deps.get(id) ?? []));
    }
  };
  for (const id of [...explicit, ...implicitDependencies(step, known)]) reach(id);
  const access = stepAccess(step);
  const kept = new Set(explicit);
  for (let index = earlier.length - 1; index >= 0; index--) {
    const view = earlier[index]!;
    if (!hasHazard(stepAccess(view), access) || reached.has(view.id)) continue;
    reach(view.id);
    kept.add(view.id);
  }
  const position = (id: string): number => {
    const at = earlier.findIndex((view) => view.id === id);
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  return [...kept].sort((a, b) => position(a) - position(b));
}

describe('DependencyContext', () => {
  it('implies exactly the dependencies a scan of every earlier step implies, on random plans', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const random = generator(seed);
      const existingCount = random(6);
      const total = existingCount + 1 + random(30);
      const ids = Array.from({ length: total }, (_, index) => `E${index + 1}`);
      // Earlier steps as a plan file may hold them: any dependencies, later steps included.
      const existing: DependencyView[] = ids.slice(0, existingCount).map((id) => {
        const dependsOn = ids.slice(0, existingCount).filter((other) => other !== id && random(3) === 0);
        return { id, ...randomCall(random, ids.slice(0, existingCount)), ...(dependsOn.length > 0 ? { dependsOn } : {}) };
      });
      const context = new DependencyContext(existing);
      const steps = [...existing];
      for (const id of ids.slice(existingCount)) {
        const call = randomCall(random, steps.map((step) => step.id));
        const explicit = steps.filter(() => random(8) === 0).map((step) => step.id);
        const expected = bruteForce(steps, { id, ...call }, explicit);
        const implied = context.dependsOn({ id, ...call }, explicit);
        assert.deepEqual(implied, expected, `seed ${seed}, ${id} ${JSON.stringify(call)} after ${JSON.stringify(steps.map((step) => [step.id, step.tool, step.args, step.dependsOn]))}`);
        // Now and then a step keeps fewer dependencies than implied (a finished step is left out when patching).
        const dependsOn = random(6) === 0 ? implied.slice(1) : implied;
        const step: DependencyView = { id, ...call, ...(dependsOn.length > 0 ? { dependsOn } : {}) };
        context.add(step);
        steps.push(step);
      }
    }
  });

  it('orders each of thousands of writes of one file after the one before it only', () => {
    const context = new DependencyContext();
    for (let n = 1; n <= 5000; n++) {
      const step = { id: `E${n}`, tool: 'writeFile', args: { path: 'a.ts', content: 'x' } };
      const dependsOn = context.dependsOn(step, []);
      assert.deepEqual(dependsOn, n === 1 ? [] : [`E${n - 1}`]);
      context.add({ ...step, dependsOn });
    }
  });
});
