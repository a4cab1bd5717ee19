// The progress a run executes under: the Planwright view's progress bar, not a notification that would cover
// the editor's corner for the whole run. What the run is doing is in the status bar and the view's description;
// Pause and Cancel are the view's title buttons and palette commands.
import * as vscode from 'vscode';
import { VIEWS } from '../ids';

/** Runs `work` under the view's progress bar, handing `started` the progress to report to. */
export function withRunProgress<T>(message: string, started: (progress: vscode.Progress<{ message?: string }>) => void, work: () => Promise<T>): Promise<T> {
  return Promise.resolve(
    vscode.window.withProgress({ location: { viewId: VIEWS.plan }, title: vscode.l10n.t('Planwright') }, async (progress) => {
      started(progress);
      progress.report({ message });
      return work();
    }),
  );
}
