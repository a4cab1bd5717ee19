// The plan the user is working on: where it came from (a plan file, the planner, or a run's journal), the
// plan itself as last edited, whether it has unsaved edits, and the problems the validation gate found with
// the last edit. Keeps the `planwright:planLoaded` context key in step so menus and the welcome view follow.
import * as vscode from 'vscode';
import type { Plan } from '../../core/plan/planSchema';
import { Disposable } from '../disposableStore';
import { CONTEXT_KEYS } from '../ids';

/** A plan that parsed, and where it came from. */
export interface LoadedPlanFile {
  /** The plan file; absent for a plan the planner wrote that was not saved yet. */
  readonly uri?: vscode.Uri;
  /** The file's path relative to the workspace (or a name for an unsaved plan); the tree's ids derive from it. */
  readonly source: string;
  readonly plan: Plan;
  /** Edited since it was opened or saved. */
  readonly unsaved?: boolean;
}

export class LoadedPlan extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<LoadedPlanFile | undefined>());
  private file: LoadedPlanFile | undefined;
  private opened = 0;
  private stepProblems: ReadonlyMap<string, readonly string[]> = new Map();

  /** Fires with the new plan file, or `undefined` when the plan is closed; also when the edit problems change. */
  readonly onDidChange: vscode.Event<LoadedPlanFile | undefined> = this.changed.event;

  get current(): LoadedPlanFile | undefined {
    return this.file;
  }

  /** Which plan is open: a number that changes each time another plan (or none) is set, not when one is edited or saved. */
  get generation(): number {
    return this.opened;
  }

  /** What the validation gate said about the last edit, by step id ('' for the whole plan). */
  get problems(): ReadonlyMap<string, readonly string[]> {
    return this.stepProblems;
  }

  /** Sets the open plan; `samePlan` when it is the plan open now under another name (Save As). */
  async set(file: LoadedPlanFile | undefined, samePlan = false): Promise<void> {
    if (!samePlan) this.opened++;
    this.file = file;
    this.stepProblems = new Map();
    await vscode.commands.executeCommand('setContext', CONTEXT_KEYS.planLoaded, file !== undefined);
    this.changed.fire(file);
  }

  /** Replaces the plan after an edit that passed the gate (clearing earlier problems). */
  edit(plan: Plan, unsaved = true): void {
    if (!this.file) return;
    this.file = { ...this.file, plan, unsaved };
    this.stepProblems = new Map();
    this.changed.fire(this.file);
  }

  /** Shows the gate's problems with an edit on the steps they concern (an empty map clears them). */
  setProblems(problems: ReadonlyMap<string, readonly string[]>): void {
    this.stepProblems = problems;
    this.changed.fire(this.file);
  }
}
