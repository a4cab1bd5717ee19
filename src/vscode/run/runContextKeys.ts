// The context keys that say what can be done with the run now, for `when` clauses: Resume Run while it stopped
// before its end, Run Again once it ended or was undone, Undo Run while it has files to put back. Set after
// every change of the run, each only when its value changes.
import * as vscode from 'vscode';
import { isRunFinished } from '../../core/run/journalRecords';
import { canUndoRun } from '../../core/undo/runFileChanges';
import { CONTEXT_KEYS } from '../ids';
import type { RunController } from './runController';

/** The runs of the window as the context keys see them: the one the Plan view shows, and when anything changes. */
interface ShownRun {
  readonly shown: Pick<RunController, 'state' | 'executing' | 'resumable'>;
  readonly onDidChange: vscode.Event<unknown>;
}

/** Follows the shown run and keeps its context keys current; dispose it to stop. */
export function followRunContextKeys(runSet: ShownRun): vscode.Disposable {
  const last = new Map<string, boolean>();
  const set = (key: string, value: boolean) => {
    if (last.get(key) === value) return;
    last.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  };
  const update = () => {
    const runs = runSet.shown;
    const state = runs.state;
    const idle = state !== undefined && !runs.executing;
    set(CONTEXT_KEYS.runResumable, runs.resumable);
    set(CONTEXT_KEYS.runUndoable, idle && canUndoRun(state));
    set(CONTEXT_KEYS.runEnded, idle && (state.undone !== undefined || isRunFinished(state.status)));
  };
  update();
  return runSet.onDidChange(update);
}
