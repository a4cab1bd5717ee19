// The plan the user opened: which file, its parsed contents, and an event when it changes. Keeps the
// `planwright:planLoaded` context key in step so menus and the welcome view follow it.
import * as vscode from 'vscode';
import type { Plan } from '../core/plan/planSchema';
import { CONTEXT_KEYS } from './ids';

/** A plan file that parsed, and where it came from. */
export interface LoadedPlanFile {
  readonly uri: vscode.Uri;
  /** The file's path relative to the workspace (or its full path when outside it). */
  readonly source: string;
  readonly plan: Plan;
}

export class LoadedPlan implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<LoadedPlanFile | undefined>();
  private file: LoadedPlanFile | undefined;

  /** Fires with the new plan file, or `undefined` when the plan is closed. */
  readonly onDidChange: vscode.Event<LoadedPlanFile | undefined> = this.changed.event;

  get current(): LoadedPlanFile | undefined {
    return this.file;
  }

  async set(file: LoadedPlanFile | undefined): Promise<void> {
    this.file = file;
    await vscode.commands.executeCommand('setContext', CONTEXT_KEYS.planLoaded, file !== undefined);
    this.changed.fire(file);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
