// The entry points of the guarantee matrix, the columns: a plan file, a split goal, a fused goal, an `auto`
// goal (planned, given to the fused agent, and escalated from the agent to a plan), and a sub-plan child at
// levels 1 and 2. Each carries out a scenario through the product's own path (PlanRun for a plan file,
// runGoal for a goal, a SubplanRunner for a child) with scripted models, and can be stopped (approval
// `first`: the first step asked about is approved, the rest wait) and resumed from its journal alone
// through resumeRun, the one resume every door calls.
import { PlanRun, type RunDeps } from '../../../src/core/executor/planRun';
import { runGoal, type GoalDeps } from '../../../src/core/fused/runGoal';
import { resumeRun } from '../../../src/core/fused/resumeRun';
import type { ApprovalAnswer, ApprovalGate, ApprovalRequest } from '../../../src/core/ports';
import type { RunMode } from '../../../src/core/run/runMode';
import type { RunOptions } from '../../../src/core/run/runOptions';
import type { RunState } from '../../../src/core/run/runState';
import type { RunReport } from '../../../src/core/run/runSummary';
import { nestReport, type ChildRecord } from '../../../src/core/subplan/nestedReport';
import { ScriptedAgent } from '../fused/scriptedAgent';
import { loadRunState } from '../../../src/core/executor/runRecorder';
import { FakeClock, liveSignal, MemoryRecordLog, RecordingLogger, runOptions, ScriptedApprovalGate, validPlan } from '../support/executorFakes';
import { ScriptedChatModel } from '../support/fakePorts';
import { ChildLogStore, scriptedChildPlanner, subplanRunner, subplanStep } from '../support/subplanFakes';
import { agentTurns, CountingCommandRunner, CountingWorkspace, FixingReplanner, THREE_CHANGES, THREE_CHANGES_NO_DELETION, type Scenario } from './matrixScenarios';

/** How a column's run is approved: everything, reads only (a write waits), or the first step asked about only. */
export type Approval = 'all' | 'reads' | 'first';

/** How one column's run (or its resume) ended, and what the rows read of it. */
export interface Ran {
  readonly scenario: Scenario;
  readonly workspace: CountingWorkspace;
  readonly commands: CountingCommandRunner;
  readonly journal: MemoryRecordLog;
  /** The run as its journal has it: what undo and resume read. */
  readonly state: RunState;
  readonly status: string;
  /** The report of the live run, as it ended in memory. */
  readonly live: RunReport;
  /** The report as `--json` and MCP give it (a sub-plan's children nested). */
  readonly report: RunReport;
  /** The model calls the scripted endpoints served. */
  readonly callsServed: number;
}

/** A column's run that stopped or ended, and how to resume it from its journal with everything approved. */
export interface Session {
  readonly ran: Ran;
  resume(): Promise<Ran>;
}

/** One entry point: its name in the matrix, the `mode` its report says, and how it carries out a scenario. */
export interface Column {
  readonly name: string;
  readonly mode: 'plan' | RunMode;
  open(scenario: Scenario, approval: Approval): Promise<Session>;
}

/** Approves the first step it is asked about and holds every later one. */
class FirstOnlyGate implements ApprovalGate {
  private asked = 0;
  async request(_request: ApprovalRequest): Promise<ApprovalAnswer> {
    return this.asked++ === 0 ? 'approved' : 'wait';
  }
}

const gateFor = (approval: Approval): ApprovalGate => (approval === 'first' ? new FirstOnlyGate() : new ScriptedApprovalGate({}, approval === 'all' ? 'approved' : 'wait'));
const optionsFor = (approval: Approval): RunOptions => runOptions(approval === 'all' ? {} : { approval: { autoApprove: 'readOnly', approvedCommands: [] } });
const SUMMARY = { tree: ['src/app.js', 'notes.txt'], fileCount: 2, openFiles: [] };

/** The ports and scripted models of one column's run, kept across its stop and resume as files would be. */
class Harness {
  readonly workspace: CountingWorkspace;
  readonly commands = new CountingCommandRunner();
  readonly journal = new MemoryRecordLog();
  readonly trace = new MemoryRecordLog();
  readonly replanner: FixingReplanner;
  readonly agent: ScriptedAgent;
  readonly planner: ScriptedChatModel;

  constructor(
    readonly scenario: Scenario,
    plannerSteps: readonly object[] = scenario.steps,
  ) {
    this.workspace = new CountingWorkspace({ ...scenario.original });
    this.replanner = new FixingReplanner(scenario);
    this.agent = new ScriptedAgent(agentTurns(scenario));
    this.planner = new ScriptedChatModel([JSON.stringify({ version: 1, goal: 'the goal', steps: plannerSteps })]);
  }

  deps(approval: Approval): GoalDeps {
    const { workspace, commands, journal, trace, replanner, agent, planner } = this;
    return { workspace, commands, journal, trace, replanner, clock: new FakeClock(), logger: new RecordingLogger(), approvals: gateFor(approval), agentModel: agent, plannerModel: planner };
  }

  /** How the run ended: `live` is its report in memory, `report` the one a door prints. */
  async ran(live: RunReport, report: RunReport = live, childCalls = 0): Promise<Ran> {
    const callsServed = this.agent.requests.length + this.planner.requests.length + this.replanner.requests.length + childCalls;
    const state = await loadRunState(this.journal, () => undefined);
    return { scenario: this.scenario, workspace: this.workspace, commands: this.commands, journal: this.journal, state, status: live.status, live, report, callsServed };
  }

  /** Resumes the run from its journal alone, everything approved, and gives the resumed run's live report. */
  async resume(extra: Partial<RunDeps> = {}): Promise<RunReport> {
    const all = optionsFor('all');
    return (await resumeRun({ ...this.deps('all'), ...extra, summary: SUMMARY }, { approval: all.approval }, liveSignal())).report;
  }
}

async function planFile(scenario: Scenario, approval: Approval): Promise<Session> {
  const harness = new Harness(scenario);
  const run = await PlanRun.start(validPlan(scenario.steps), { runId: 'r', options: optionsFor(approval) }, harness.deps(approval));
  const live = await run.execute(liveSignal());
  return { ran: await harness.ran(live), resume: async () => harness.ran(await harness.resume()) };
}

/** A goal through runGoal in `mode`, its goal worded so `auto` picks the design wanted. */
async function goal(scenario: Scenario, approval: Approval, mode: RunMode, text: string, plannerSteps?: readonly object[]): Promise<Session> {
  const harness = new Harness(scenario, plannerSteps);
  const result = await runGoal({ runId: 'r', goal: text, summary: SUMMARY, mode, options: optionsFor(approval) }, harness.deps(approval), liveSignal());
  if (!result.report) throw new Error(`the ${mode} goal ended without a run: ${result.reason ?? result.status}`);
  return { ran: await harness.ran(result.report), resume: async () => harness.ran(await harness.resume()) };
}

/** The steps the planner writes after `auto`'s agent escalates: the scenario from its first risky call on. */
function afterEscalation(scenario: Scenario): readonly object[] {
  const risky = scenario.steps.findIndex((step) => step.tool === 'deleteFile' || (step.tool === 'runCommand' && step.args.idempotent !== true));
  return scenario.steps.slice(Math.max(0, risky));
}

/** A plan of one sub-plan step whose child (at `levels` = 2, a sub-plan of its own) carries out the scenario. */
async function subplanChild(levels: 1 | 2, scenario: Scenario, approval: Approval): Promise<Session> {
  const harness = new Harness(scenario);
  const scope = [...new Set([...Object.keys(scenario.original), ...Object.keys(scenario.changed), 'added.txt'])];
  const contract = { kind: 'fileContains', path: 'src/app.js', text: 'a = 2' };
  const planner = scriptedChildPlanner({ outer: levels === 1 ? scenario.steps : [subplanStep('E1', 'inner', scope, contract)], inner: scenario.steps });
  const logs = new ChildLogStore();
  const reports = new Map<string, ChildRecord>();
  const subplansFor = (deps: RunDeps, options: RunOptions) => subplanRunner(deps, planner, logs, { options, reports, replannerIn: () => harness.replanner });
  const deps = harness.deps(approval);
  const run = await PlanRun.start(validPlan([subplanStep('E1', 'outer', scope, contract)]), { runId: 'r', options: optionsFor(approval) }, { ...deps, subplans: subplansFor(deps, optionsFor(approval)) });
  const live = await run.execute(liveSignal());
  const ranWithChildren = (report: RunReport) => harness.ran(report, nestReport(report, reports), planner.goals.length);
  return {
    ran: await ranWithChildren(live),
    resume: async () => {
      const resumedDeps = harness.deps('all');
      return ranWithChildren(await harness.resume({ subplans: subplansFor(resumedDeps, optionsFor('all')) }));
    },
  };
}

/** A goal `auto` plans: it names a deletion. */
const PLANNED_GOAL = 'Edit src/app.js, add added.txt and delete notes.txt';
/** A goal `auto` gives to the fused agent: it asks to find something out. */
const INQUIRY = 'Find out what the notes say and act on them';

export const COLUMNS: readonly Column[] = [
  { name: 'plan file', mode: 'plan', open: planFile },
  { name: 'split goal', mode: 'split', open: (scenario, approval) => goal(scenario, approval, 'split', PLANNED_GOAL) },
  { name: 'fused goal', mode: 'fused', open: (scenario, approval) => goal(scenario, approval, 'fused', PLANNED_GOAL) },
  { name: 'auto goal, planned', mode: 'auto', open: (scenario, approval) => goal(scenario, approval, 'auto', PLANNED_GOAL) },
  {
    name: 'auto goal, given to the fused agent',
    mode: 'auto',
    open: (scenario, approval) => {
      const fusedOnly = scenario === THREE_CHANGES ? THREE_CHANGES_NO_DELETION : scenario;
      return goal(fusedOnly, approval, 'auto', INQUIRY, afterEscalation(fusedOnly));
    },
  },
  { name: 'auto goal, escalated from the agent to a plan', mode: 'auto', open: (scenario, approval) => goal(scenario, approval, 'auto', INQUIRY, afterEscalation(scenario)) },
  { name: 'sub-plan child, level 1', mode: 'plan', open: (scenario, approval) => subplanChild(1, scenario, approval) },
  { name: 'sub-plan child, level 2', mode: 'plan', open: (scenario, approval) => subplanChild(2, scenario, approval) },
];
