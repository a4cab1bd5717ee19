// Where the editor's run stands, as one value with one setter: the run's state (live or replayed), the planned
// run this window can pause and revise, its files, its sub-plans' child runs, whether the agent owns the
// execution, whether it executes and how its last execution ended. `apply` is the only way it changes: it sets the `planwright:runExecuting`
// context key when executing changes and fires the change event only when something changed.
import { doorReport, type DoorReport, type RunOutcome } from '../../core/door/doorReport';
import type { PlanRun } from '../../core/executor/planRun';
import type { RunState } from '../../core/run/runState';
import { CONTEXT_KEYS } from '../ids';
import type { RunFiles } from './runStorage';

/** The editor's run; see the file header. */
export interface EditorRun {
  /** The run as it stands (live, or replayed from its journal), if the open plan has one. */
  readonly state: RunState | undefined;
  /** The planned run this window can pause, revise, retry and skip; absent while the agent acts or before a replayed run is carried on. */
  readonly run: PlanRun | undefined;
  /** The journal and trace of the run, if any. */
  readonly files: RunFiles | undefined;
  /** The child runs of the run's sub-plans (and theirs), by run id, as they last changed. */
  readonly children: ReadonlyMap<string, RunState>;
  /** True while the execution is the agent's (a goal in fused or auto mode, or a fused run resumed), until it hands over a planned run. */
  readonly actingOnGoal: boolean;
  /** True while the run executes in this window. */
  readonly executing: boolean;
  /** How this window's last execution of the run ended. */
  readonly outcome: RunOutcome | undefined;
}

const NO_CHILDREN: ReadonlyMap<string, RunState> = new Map();

/** No run: what a window starts with and what forgetting the run leaves. */
export const NO_RUN: EditorRun = { state: undefined, run: undefined, files: undefined, children: NO_CHILDREN, actingOnGoal: false, executing: false, outcome: undefined };

/** The editor's run and its one setter; see the file header. */
export class EditorRunState {
  private value: EditorRun = NO_RUN;

  constructor(
    /** Sets a context key (`vscode.commands.executeCommand('setContext', …)` in the editor). */
    private readonly setContext: (key: string, value: unknown) => unknown,
    /** Fires the controller's change event with the step ids touched (`undefined`: the whole run). */
    private readonly fire: (stepIds: readonly string[] | undefined) => void,
  ) {}

  /** The run as it stands. */
  get current(): EditorRun {
    return this.value;
  }

  /**
   * Sets the parts of the run in `next`; when any of them changed, updates the context key (if executing
   * changed) and fires the change event with `touched`. Returns whether anything changed.
   */
  apply(next: Partial<EditorRun>, touched?: readonly string[]): boolean {
    const before = this.value;
    const after = { ...before, ...next, ...(next.children?.size === 0 ? { children: NO_CHILDREN } : {}) };
    if ((Object.keys(after) as (keyof EditorRun)[]).every((key) => after[key] === before[key])) return false;
    this.value = after;
    if (after.executing !== before.executing) this.setContext(CONTEXT_KEYS.runExecuting, after.executing);
    this.fire(touched);
    return true;
  }
}

/** The report of the run's last execution in this window, in the shape every door gives; it names the run's files once it journalled something. */
export function editorRunReport(run: EditorRun): DoorReport | undefined {
  const { outcome, state, files } = run;
  if (!outcome) return undefined;
  return doorReport(outcome, { ...(state ? { state } : {}), files: files && outcome.report ? { journal: files.journalPath, trace: files.tracePath } : {} });
}
