// What the guarantee matrix's runs do, stated once for every entry point: the files a run starts from, the
// steps it takes (planned, or called one by one by the fused agent), the files it leaves, and, where a step
// fails, the step a re-plan (or the agent's next turn) puts in its place. Also the counting fakes the rows
// read: a workspace that counts writes per file, a command runner that counts each command's effect, and
// a re-planner that answers with the scenario's fix.
import type { CommandRequest, CommandResult, CommandRunner } from '../../../src/core/ports';
import type { PlanPatch } from '../../../src/core/plan/planPatch';
import type { Step } from '../../../src/core/plan/planSchema';
import type { ReplanAnswer, Replanner, ReplanRequest } from '../../../src/core/run/modelRoles';
import { MemoryWorkspace } from '../support/fakePorts';

/** A step as a plan file (or a planner's reply) writes it. */
export interface ScenarioStep {
  readonly id: string;
  readonly title: string;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly postcondition?: object;
  readonly dependsOn?: readonly string[];
}

/** One run's work, the same for every entry point. */
export interface Scenario {
  readonly original: Readonly<Record<string, string>>;
  readonly steps: readonly ScenarioStep[];
  /** The files once the run succeeded. */
  readonly changed: Readonly<Record<string, string>>;
  /** The step that fails, and the one a re-plan (or the agent's next call) puts in its place. */
  readonly fix?: ScenarioStep;
}

const ORIGINAL = { 'src/app.js': 'let a = 1;\n', 'notes.txt': 'notes\n' };
const EDIT_APP: ScenarioStep = { id: 'E1', title: 'Edit app', tool: 'editFile', args: { path: 'src/app.js', edits: [{ find: 'let a = 1;', replace: 'let a = 2;' }] }, postcondition: { kind: 'fileContains', path: 'src/app.js', text: 'a = 2' } };
const ADD_FILE: ScenarioStep = { id: 'E2', title: 'Add a file', tool: 'writeFile', args: { path: 'added.txt', content: 'new\n' }, postcondition: { kind: 'fileExists', path: 'added.txt' } };

/** Edit src/app.js, write added.txt, delete notes.txt. */
export const THREE_CHANGES: Scenario = {
  original: ORIGINAL,
  steps: [EDIT_APP, ADD_FILE, { id: 'E3', title: 'Remove notes', tool: 'deleteFile', args: { path: 'notes.txt' }, postcondition: { kind: 'fileAbsent', path: 'notes.txt' } }],
  changed: { 'src/app.js': 'let a = 2;\n', 'added.txt': 'new\n' },
};

/** The three changes with notes.txt rewritten instead of deleted: what `auto` leaves to the fused agent (a deletion is planned). */
export const THREE_CHANGES_NO_DELETION: Scenario = {
  original: ORIGINAL,
  steps: [EDIT_APP, ADD_FILE, { id: 'E3', title: 'Rewrite notes', tool: 'writeFile', args: { path: 'notes.txt', content: 'rewritten\n' }, postcondition: { kind: 'fileContains', path: 'notes.txt', text: 'rewritten' } }],
  changed: { 'src/app.js': 'let a = 2;\n', 'added.txt': 'new\n', 'notes.txt': 'rewritten\n' },
};

/** The command whose effect is counted: `runCommand` without `idempotent`, so not safe to repeat. */
export const DEPLOY = 'deploy --once';

/** Deploy (a counted effect), then an edit that fails (its text is not there) and is put right by a re-plan. */
export const DEPLOY_THEN_FAILURE: Scenario = {
  original: ORIGINAL,
  steps: [
    { id: 'E1', title: 'Deploy', tool: 'runCommand', args: { command: DEPLOY }, postcondition: { kind: 'exitCode', equals: 0 } },
    { id: 'E2', title: 'Edit app', tool: 'editFile', args: { path: 'src/app.js', edits: [{ find: 'let a = 9;', replace: 'let a = 2;' }] }, postcondition: { kind: 'fileContains', path: 'src/app.js', text: 'a = 2' }, dependsOn: ['E1'] },
  ],
  fix: { ...EDIT_APP, id: 'E2', dependsOn: ['E1'] },
  changed: { 'src/app.js': 'let a = 2;\n', 'notes.txt': 'notes\n' },
};

/** The fused agent's turns for `scenario`: one call a turn, the fix right after the call that fails, then its answer. */
export function agentTurns(scenario: Scenario): (readonly (readonly [string, unknown])[] | string)[] {
  const calls = scenario.steps.flatMap((step) => (step.id === scenario.fix?.id ? [step, scenario.fix] : [step]));
  return [...calls.map((step) => [[step.tool, step.args] as const]), 'Done.'];
}

/** A workspace that counts every write and deletion per file. */
export class CountingWorkspace extends MemoryWorkspace {
  readonly writes = new Map<string, number>();
  override async writeFile(path: string, content: string): Promise<void> {
    this.writes.set(path, (this.writes.get(path) ?? 0) + 1);
    return super.writeFile(path, content);
  }
  override async deleteFile(path: string): Promise<void> {
    this.writes.set(path, (this.writes.get(path) ?? 0) + 1);
    return super.deleteFile(path);
  }
}

/** A command runner whose commands succeed, each run counted: the effect a repeat would do twice. */
export class CountingCommandRunner implements CommandRunner {
  readonly effects = new Map<string, number>();
  async run(request: CommandRequest): Promise<CommandResult> {
    this.effects.set(request.command, (this.effects.get(request.command) ?? 0) + 1);
    return { exitCode: 0, output: `ran ${request.command}`, truncated: false, timedOut: false, cancelled: false, durationMs: 1 };
  }
}

/** A re-planner that puts the scenario's fix in place of the broken step, one model call each time. */
export class FixingReplanner implements Replanner {
  readonly requests: ReplanRequest[] = [];
  constructor(private readonly scenario: Scenario) {}
  async replan(request: ReplanRequest): Promise<ReplanAnswer> {
    this.requests.push(request);
    const fix = this.scenario.fix;
    if (!fix) throw new Error('the scenario has no fix to re-plan with');
    const patch: PlanPatch = [{ op: 'replace', id: fix.id, step: fix as Step }];
    return { patch, usage: [{ role: 'replanner', model: 'fake', promptTokens: 100, completionTokens: 20, cachedTokens: 0, estimated: false, ms: 1 }] };
  }
}
