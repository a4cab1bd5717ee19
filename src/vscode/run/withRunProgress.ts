// The progress notification a run executes under: Planwright's, cancellable, showing what the run is doing.
import * as vscode from 'vscode';

/** Runs `work` under a cancellable progress notification, handing `started` the progress to report to. */
export function withRunProgress<T>(
  message: string,
  started: (progress: vscode.Progress<{ message?: string }>) => void,
  cancel: () => void,
  work: () => Promise<T>,
): Promise<T> {
  return Promise.resolve(
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Planwright'), cancellable: true },
      async (progress, token) => {
        started(progress);
        token.onCancellationRequested(() => cancel());
        progress.report({ message });
        return work();
      },
    ),
  );
}
