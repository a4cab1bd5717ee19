// Plans for the plan-contract tests: the example as a fresh, mutable copy, and a helper that
// validates and returns the formatted problems.
import type { Plan } from '../../../src/core/plan/planSchema';
import { formatProblem } from '../../../src/core/plan/planProblem';
import { validatePlan } from '../../../src/core/plan/validatePlan';

/** The three-step example from the plan format (read, edit, test); a new copy on every call. */
export function examplePlan(): Plan {
  return {
    version: 1,
    goal: 'Add a --verbose flag to the CLI',
    steps: [
      { id: 'E1', title: 'Read the CLI entry point', tool: 'readFile', args: { path: 'src/cli.ts' } },
      {
        id: 'E2',
        title: 'Add the flag',
        tool: 'editFile',
        args: { path: 'src/cli.ts', edits: [{ find: 'const flags = [', replace: "const flags = ['--verbose', " }] },
        dependsOn: ['E1'],
        postcondition: { kind: 'fileContains', path: 'src/cli.ts', text: '--verbose' },
      },
      {
        id: 'E3',
        title: 'Run the tests',
        tool: 'runCommand',
        args: { command: 'npm test' },
        dependsOn: ['E2'],
        postcondition: { kind: 'exitCode', equals: 0 },
      },
    ],
  };
}

/** The example with one change applied to its JSON (typed loosely, to build invalid plans). */
export function exampleWith(change: (plan: any) => void): unknown {
  const plan = examplePlan();
  change(plan);
  return plan;
}

/** The formatted problems the gate reports for `input` (empty when it is valid). */
export function problemsOf(input: unknown): string[] {
  const result = validatePlan(input);
  return result.ok ? [] : result.problems.map(formatProblem);
}

/** A minimal step object for building plans in graph tests. */
export function step(id: string, dependsOn: string[] = [], args: Record<string, unknown> = { path: `${id}.txt` }) {
  return { id, title: `Step ${id}`, tool: 'readFile', args, ...(dependsOn.length > 0 ? { dependsOn } : {}) };
}

/** A plan of read-only steps (no postconditions needed). */
export function planOf(steps: ReturnType<typeof step>[]): Plan {
  return { version: 1, goal: 'test', steps };
}
