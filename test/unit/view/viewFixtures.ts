// Runs as the plan tree sees them, built by hand: a plan through the real gate and step runs in any status.
import type { RunView } from '../../../src/core/view/planTreeNode';
import type { ReplacedStep, StepRun } from '../../../src/core/run/runState';
import type { ValidPlan } from '../../../src/core/plan/planSchema';
import type { StepStatus } from '../../../src/core/plan/stepStatus';
import { validPlan } from '../support/executorFakes';

/** A step run in `status` with the given extras. */
export function stepRun(status: StepStatus, extra: Partial<StepRun> = {}): StepRun {
  return { status, attempts: status === 'pending' ? 0 : 1, revision: 1, retriedAfterSettle: false, ...extra };
}

/** A run of `plan` at `revision`, its steps pending unless `steps` says otherwise. */
export function runView(plan: ValidPlan, steps: Readonly<Record<string, StepRun>> = {}, extra: Partial<RunView> = {}): RunView {
  return {
    plan,
    status: 'running',
    revision: plan.revision ?? 1,
    steps: new Map(plan.steps.map((step) => [step.id, steps[step.id] ?? stepRun('pending')])),
    replaced: [] as ReplacedStep[],
    replanReasons: [],
    usage: [],
    ...extra,
  };
}

/** The demo's shape: read, edit with a postcondition, test command. Revision 1, as the planner writes it. */
export function threeSteps(): ValidPlan {
  return validPlan(
    [
      { id: 'E1', title: 'Read the CLI entry point', tool: 'readFile', args: { path: 'src/cli.ts' } },
      {
        id: 'E2',
        title: 'Add the flag',
        tool: 'editFile',
        args: { path: 'src/cli.ts', edits: [{ find: 'const flags = [', replace: "const flags = ['--verbose', " }] },
        dependsOn: ['E1'],
        postcondition: { kind: 'fileContains', path: 'src/cli.ts', text: '--verbose' },
      },
      { id: 'E3', title: 'Run the tests', tool: 'runCommand', args: { command: 'npm test' }, dependsOn: ['E2'], postcondition: { kind: 'exitCode', equals: 0 } },
    ],
    { goal: 'Add a --verbose flag to the CLI', revision: 1 },
  );
}

/** A chain of `count` readFile steps, S1 … S<count>, each after the one before. */
export function longPlan(count: number): ValidPlan {
  return validPlan(
    Array.from({ length: count }, (_, index) => ({
      id: `S${index + 1}`,
      title: `Read file ${index + 1}`,
      tool: 'readFile',
      args: { path: `src/file${index + 1}.ts` },
      ...(index > 0 ? { dependsOn: [`S${index}`] } : {}),
    })),
    { goal: 'Read a thousand files', revision: 1 },
  );
}
