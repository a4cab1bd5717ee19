// Fakes for sub-plan tests: child plans written from a script by goal, child journals kept in memory
// across "processes", logs that can be frozen to stand for a killed process (nothing appended after the
// freeze becomes durable), and a builder for a SubplanRunner over fake ports.
import type { RunDeps } from '../../../src/core/executor/planRun';
import type { Replanner } from '../../../src/core/run/modelRoles';
import type { RunOptions } from '../../../src/core/run/runOptions';
import type { ChildRecord } from '../../../src/core/subplan/nestedReport';
import type { Workspace, RecordLog } from '../../../src/core/ports';
import { SubplanRunner, type ChildLogs, type ChildPlanner } from '../../../src/core/subplan/subplanRunner';
import { runOptions, validPlan } from './executorFakes';

/** Shared by every log of one test: once set, appends are dropped, as a killed process's would be. */
export class KillSwitch {
  killed = false;
  kill(): void {
    this.killed = true;
  }
}

/** An in-memory log that stops taking records once its switch is thrown. */
export class FreezableLog implements RecordLog {
  readonly lines: string[] = [];
  constructor(private readonly kill: KillSwitch) {}
  async append(record: unknown): Promise<void> {
    if (!this.kill.killed) this.lines.push(JSON.stringify(record));
  }
  async flush(): Promise<void> {}
  async readAll(): Promise<readonly unknown[]> {
    return this.lines.map((line) => JSON.parse(line) as unknown);
  }
}

/** Child journals by run id, kept across runners the way files outlive a process. */
export class ChildLogStore {
  readonly journals = new Map<string, FreezableLog>();
  readonly opened: string[] = [];
  constructor(readonly kill: KillSwitch = new KillSwitch()) {}
  async open(childRunId: string): Promise<ChildLogs> {
    this.opened.push(childRunId);
    if (!this.journals.has(childRunId)) this.journals.set(childRunId, new FreezableLog(this.kill));
    return { journal: this.journals.get(childRunId)!, trace: new FreezableLog(this.kill), close: async () => undefined };
  }
}

/** A child planner answering by goal from `plans` (step lists), recording each goal and the files it saw. */
export function scriptedChildPlanner(plans: Readonly<Record<string, readonly unknown[]>>): ChildPlanner & { goals: string[]; seen: string[][] } {
  const goals: string[] = [];
  const seen: string[][] = [];
  const planner = async (goal: string, workspace: Workspace) => {
    goals.push(goal);
    seen.push([...(await workspace.listAllFiles())].sort());
    const steps = plans[goal];
    if (!steps) throw new Error(`no scripted plan for "${goal}"`);
    return { plan: validPlan(steps, { goal }), usage: [{ role: 'planner' as const, model: 'fake', promptTokens: 50, completionTokens: 10, cachedTokens: 0, estimated: false, ms: 1 }] };
  };
  return Object.assign(planner, { goals, seen });
}

/** A SubplanRunner over `deps`' ports, with child journals in `logs`. */
export function subplanRunner(
  deps: RunDeps,
  planChild: ChildPlanner,
  logs: ChildLogStore,
  extra: { readonly options?: RunOptions; readonly replannerIn?: (workspace: Workspace) => Replanner; readonly maxDepth?: number; readonly reports?: Map<string, ChildRecord> } = {},
): SubplanRunner {
  return new SubplanRunner({
    base: deps,
    planChild,
    openLogs: (id) => logs.open(id),
    options: extra.options ?? runOptions(),
    ...(extra.replannerIn ? { replannerIn: extra.replannerIn } : {}),
    ...(extra.maxDepth !== undefined ? { maxDepth: extra.maxDepth } : {}),
    ...(extra.reports ? { reports: extra.reports } : {}),
  });
}

/** A `subplan` step with its contract. */
export function subplanStep(id: string, goal: string, scope: string[], postcondition: object, extra: { dependsOn?: string[]; budget?: object } = {}) {
  return { id, title: goal, tool: 'subplan', args: { goal, scope, ...(extra.budget ? { budget: extra.budget } : {}) }, postcondition, ...(extra.dependsOn ? { dependsOn: extra.dependsOn } : {}) };
}

/** A writeFile step with its postcondition. */
export function writeStep(id: string, path: string, content: string, dependsOn: string[] = []) {
  return { id, title: `write ${path}`, tool: 'writeFile', args: { path, content }, dependsOn, postcondition: { kind: 'fileContains', path, text: content } };
}
